import { serverContext } from '#lib/server/context.ts';
import { journalToCsv } from '#lib/server/journal/journal.ts';
import { journalFilterFrom } from '#lib/server/setup/journal-filter.ts';
import type { RequestHandler } from './$types';

export const GET: RequestHandler = async ({ url }) => {
	const filter = { ...journalFilterFrom(url.searchParams), limit: 10_000 };
	return new Response(journalToCsv(await serverContext().journal.list(filter)), {
		headers: {
			'content-type': 'text/csv; charset=utf-8',
			'content-disposition': 'attachment; filename="journal.csv"'
		}
	});
};
