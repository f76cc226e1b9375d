/**
 * The operations the journal records, by name: the platform's money calls by their spec
 * operation id, and the card terminal's two. Every flow that journals a call, and the resolver
 * that settles an open one (resolver.ts), names it from here.
 */
export const JournalOperation = {
	creditPreview: 'createCreditTransactionPreview',
	creditUpdate: 'updateCreditTransaction',
	creditFinalize: 'finalizeCreditTransactionPreview',
	creditCancel: 'cancelCreditTransaction',
	creditRefund: 'refundCreditTransactionByIntegration',
	depositCreate: 'createHybridRevoTokenTransactionByIntegration',
	depositValidate: 'validateHybridRevoTokenTransactionByIntegration',
	orderPaymentFinalize: 'finalizeExternalCounterOrderPayment',
	orderPaymentCancel: 'cancelExternalCounterOrderPayment',
	/** Not a platform call: the kiosk's card terminal collecting what credits do not cover. */
	cardPayment: 'collectCardPayment',
	/** Not a platform call: the card terminal giving a collected payment back. */
	cardRefund: 'refundCardPayment'
} as const;
