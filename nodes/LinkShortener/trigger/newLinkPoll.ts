import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { cursorFrom, readNewLinks, startingCursor } from './newLinks';
import { readStoredCursor, saveCursor } from './pollCursor';
import type { Lease } from './pollGuard';
import { readSavedState } from './savedState';

/** One poll of New Link under its lease: the links created since the saved position, oldest first. */
export async function pollNewLinks(
	context: IPollFunctions,
	key: string,
	lease: Lease,
	budgetMs: number,
): Promise<INodeExecutionData[][] | null> {
	const staticData = context.getWorkflowStaticData('node');
	const now = Date.now();
	const stored = readSavedState(context, key, () => readStoredCursor(staticData)) ?? {
		kind: 'none' as const,
	};
	const from = stored.kind === 'cursor' ? lease.newest(stored.cursor) : cursorFrom(stored, now);
	if (!from) {
		const start = await startingCursor(context, now);
		if (lease.commit(undefined, start)) saveCursor(staticData, start);
		return null;
	}
	const { links, next } = await readNewLinks(context, from, now, budgetMs);
	if (next !== from || from !== (stored.kind === 'cursor' ? stored.cursor : undefined)) {
		const written = next.with({ generation: from.generation + 1 });
		// A poll that lost its lease (it ran past its budget) emits nothing: the newer one did.
		if (!lease.commit(from, written)) return null;
		saveCursor(staticData, written);
	}
	return links.length > 0 ? [context.helpers.returnJsonArray(links)] : null;
}
