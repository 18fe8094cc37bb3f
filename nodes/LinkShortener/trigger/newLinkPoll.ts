import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { Api } from '../http/request';

import { cursorFrom, readNewLinks, startingCursor } from './newLinks';
import { readStoredCursor, saveCursor, type PollCursor } from './pollCursor';
import type { Lease } from './pollGuard';
import { pollEvent } from './statePoll';

/** One poll of New Link under its lease: the links created since the saved position, oldest first. */
export async function pollNewLinks(
	api: Api<IPollFunctions>,
	key: string,
	lease: Lease,
	budgetMs: number,
): Promise<INodeExecutionData[][] | null> {
	const now = Date.now();
	return await pollEvent<PollCursor>(api, key, lease, {
		read: (staticData) => cursorFrom(readStoredCursor(staticData), now),
		save: saveCursor,
		start: async () => await startingCursor(api, now),
		step: async (from) => {
			const { links, next } = await readNewLinks(api, from, now, budgetMs);
			return { items: links, next };
		},
		withGeneration: (cursor, generation) => cursor.with({ generation }),
	});
}
