/** What a listing output: how many links, how many different ones, and a digest of their ids in order. */
import { createHash } from 'node:crypto';

import type { INodeExecutionData } from 'n8n-workflow';

import type { Job } from './jobs';

export interface Listed {
	/** Output items; for HTTP Request (one item per page, the answer's body), the links on the pages. */
	outputItems: number;
	/** Listings: links with an id not seen before in the same output. */
	distinctLinks?: number;
	/** Listings: sha1 of the ids in output order; equal digests = the same links in the same order. */
	idsDigest?: string;
}

function idsOf(job: Job, items: INodeExecutionData[]): unknown[] {
	if (job.runner !== 'httpRequest') return items.map((item) => item.json.id);
	return items.flatMap((item) =>
		((item.json.data as { items?: Array<{ id?: unknown }> } | undefined)?.items ?? []).map(
			(link) => link.id,
		),
	);
}

export function listed(job: Job, items: INodeExecutionData[]): Listed {
	if (job.operation !== 'list') return { outputItems: items.length };
	const ids = idsOf(job, items);
	return {
		outputItems: ids.length,
		distinctLinks: new Set(ids).size,
		idsDigest: createHash('sha1').update(ids.join('\n')).digest('hex'),
	};
}
