import type { IDataObject } from 'n8n-workflow';

import { countOrNull, storedRecord, unreadable } from './stateFormat';
import type { Versioned } from './pollGuard';

/**
 * Where the walk over the account's links stands: `offset` links of the oldest-first listing
 * walked in pass `pass`, the last of them `lastId`, read at `pageSize` links a page.
 */
export interface WalkPosition {
	pass: number;
	offset: number;
	lastId: string | null;
	pageSize: number;
}

/**
 * The saved state of Link Destination Broken (D19): the walk's position and the links
 * announced as broken, each as a 12-character key (`linkKey`) and the pass that last walked it
 * (about 15 bytes a link).
 */
export interface DestinationState extends Versioned {
	walk: WalkPosition;
	/** Announced link keys → the pass in which the walk last reached them. */
	announced: Map<string, number>;
}

const KEY = 'destinations';
const VERSION = 1;
const KEY_LENGTH = 12;

export function startOfWalk(pass = 0, pageSize = 0): WalkPosition {
	return { pass, offset: 0, lastId: null, pageSize };
}

export function saveDestinationState(staticData: IDataObject, state: DestinationState): void {
	staticData[KEY] = {
		version: VERSION,
		epoch: state.epoch,
		generation: state.generation,
		walk: { ...state.walk },
		announced: [...state.announced].map(([key, pass]) => key + pass.toString(36)).join(','),
	};
}

const count = (value: unknown, field: string): number =>
	countOrNull(value, field, 0) ?? unreadable(`${field} is missing`);

/** The saved state, undefined when there is none; throws UnreadableState when it cannot be read. */
export function readDestinationState(staticData: IDataObject): DestinationState | undefined {
	if (staticData[KEY] === undefined) return undefined;
	const stored = storedRecord(staticData[KEY], VERSION);
	const walk = stored.walk as IDataObject | undefined;
	if (typeof walk !== 'object' || walk === null) unreadable('the walk is missing');
	if (typeof stored.announced !== 'string') unreadable('the announced links are not readable');
	const announced = new Map<string, number>();
	for (const record of stored.announced ? stored.announced.split(',') : []) {
		const pass = parseInt(record.slice(KEY_LENGTH), 36);
		if (record.length <= KEY_LENGTH || pass.toString(36) !== record.slice(KEY_LENGTH))
			unreadable(`"${record}" is not a link`);
		announced.set(record.slice(0, KEY_LENGTH), pass);
	}
	return {
		epoch: String(stored.epoch),
		generation: count(stored.generation, 'generation'),
		walk: {
			pass: count(walk.pass, 'walk.pass'),
			offset: count(walk.offset, 'walk.offset'),
			lastId: typeof walk.lastId === 'string' ? walk.lastId : null,
			pageSize: count(walk.pageSize, 'walk.pageSize'),
		},
		announced,
	};
}
