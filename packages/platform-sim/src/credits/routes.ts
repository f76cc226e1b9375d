/**
 * The credit-payment API (spec 3 "Endpoints"). Every operation needs the CREDIT authority
 * ("The credit operations need the CREDIT authority"); a missing, unknown or disabled key gets
 * 401 AUTHORIZATION (spec 3 Authentication). Preview and finalize are /v3, the rest /v1
 * (spec 3 Versioning).
 */
import type { PlatformRoute } from '../routing.ts';
import {
	cancelCreditTransaction,
	finalizeCreditTransactionPreview,
	refundCreditTransactionByIntegration,
	updateCreditTransaction
} from './lifecycle.ts';
import { createCreditTransactionPreview } from './preview.ts';

const BASE = '/integrations/credit-transactions';

export const creditRoutes: PlatformRoute[] = [
	{
		method: 'POST',
		path: `/v3${BASE}/preview`,
		operationId: 'createCreditTransactionPreview',
		unauthorizedCode: 'AUTHORIZATION',
		authority: 'CREDIT',
		handle: createCreditTransactionPreview
	},
	{
		method: 'POST',
		path: `/v1${BASE}/:creditTransactionId/update`,
		operationId: 'updateCreditTransaction',
		unauthorizedCode: 'AUTHORIZATION',
		authority: 'CREDIT',
		handle: updateCreditTransaction
	},
	{
		method: 'POST',
		path: `/v3${BASE}/:creditTransactionId/finalize`,
		operationId: 'finalizeCreditTransactionPreview',
		unauthorizedCode: 'AUTHORIZATION',
		authority: 'CREDIT',
		handle: finalizeCreditTransactionPreview
	},
	{
		method: 'POST',
		path: `/v1${BASE}/:creditTransactionId/cancel`,
		operationId: 'cancelCreditTransaction',
		unauthorizedCode: 'AUTHORIZATION',
		authority: 'CREDIT',
		handle: cancelCreditTransaction
	},
	{
		method: 'POST',
		path: `/v1${BASE}/:creditTransactionId/refund`,
		operationId: 'refundCreditTransactionByIntegration',
		unauthorizedCode: 'AUTHORIZATION',
		authority: 'CREDIT',
		handle: refundCreditTransactionByIntegration
	}
];
