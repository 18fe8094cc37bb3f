import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { Api } from '../http/request';

import { cursorFrom, readNewLinks, startingCursor } from './newLinks';
import { readStoredCursor, saveCursor } from './pollCursor';
import type { Lease } from './pollGuard';
import { readSavedState } from './savedState';

/** One poll of New Link under its lease: the links created since the saved position, oldest first. */
export async function pollNewLinks(
	api: Api<IPollFunctions>,
	key: string,
	lease: Lease,
	budgetMs: number,
): Promise<INodeExecutionData[][] | null> {
	const staticData = api.context.getWorkflowStaticData('node');
	const now = Date.now();
	const stored = readSavedState(api, key, () => readStoredCursor(staticData)) ?? {
		kind: 'none' as const,
	};
	const from = stored.kind === 'cursor' ? lease.newest(stored.cursor) : cursorFrom(stored, now);
	if (!from) {
		const start = await startingCursor(api, now);
		if (lease.commit(undefined, start)) saveCursor(staticData, start);
		return null;
	}
	const { links, next } = await readNewLinks(api, from, now, budgetMs);
	if (next !== from || from !== (stored.kind === 'cursor' ? stored.cursor : undefined)) {
		const written = next.with({ generation: from.generation + 1 });
		// A poll that lost its lease (it ran past its budget) emits nothing: the newer one did.
		if (!lease.commit(from, written)) return null;
		saveCursor(staticData, written);
	}
	return links.length > 0 ? [api.context.helpers.returnJsonArray(links)] : null;
}
