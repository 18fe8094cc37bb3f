import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { Api } from '../http/request';
import type { Lease, Versioned } from './pollGuard';
import { readSavedState } from './savedState';

/** A trigger event whose polls move a saved state on: New Link, the click events, the monitor. */
export interface StatefulEvent<S extends Versioned> {
	/** The saved state: undefined when there is none or it is another setting's; throws UnreadableState. */
	read(staticData: IDataObject, lease: Lease): S | undefined;
	save(staticData: IDataObject, state: S): void;
	/** A new activation's state; with `emitsAtStart` the poll goes on from it at once, else it only saves it. */
	start(): Promise<S>;
	emitsAtStart?: boolean;
	/** What to emit from `state`, and the state after it (`state` itself when nothing changed). */
	step(state: S): Promise<{ items: IDataObject[]; next: S }>;
	withGeneration(state: S, generation: number): S;
}

/**
 * One poll of an event under its lease: the newest saved state (the stored one, or a newer one
 * this process committed), one step from it, the next state committed and saved, what the step
 * found emitted. A state that cannot be read fails this poll once and the next starts afresh.
 */
export async function pollEvent<S extends Versioned>(
	api: Api<IPollFunctions>,
	key: string,
	lease: Lease,
	event: StatefulEvent<S>,
): Promise<INodeExecutionData[][] | null> {
	const staticData = api.context.getWorkflowStaticData('node');
	const stored = readSavedState(api, key, () => event.read(staticData, lease));
	let current = stored && lease.newest(stored);
	if (!current) {
		const start = await event.start();
		if (!event.emitsAtStart) {
			if (lease.commit(undefined, start)) event.save(staticData, start);
			return null;
		}
		current = start;
	}
	const { items, next } = await event.step(current);
	if (next !== current || current !== stored) {
		const written = event.withGeneration(next, current.generation + 1);
		// A poll that lost its lease (it ran past its budget) emits nothing: the newer one did.
		if (!lease.commit(current, written)) return null;
		event.save(staticData, written);
	}
	return items.length > 0 ? [api.context.helpers.returnJsonArray(items)] : null;
}
