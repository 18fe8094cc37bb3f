import type { IDataObject } from 'n8n-workflow';

/** Thrown for stored state that cannot be read; the message names what is wrong. */
export class UnreadableState extends Error {}

export function unreadable(what: string): never {
	throw new UnreadableState(what);
}

/** A saved state's record: an object of the version this package writes, or UnreadableState. */
export function storedRecord(value: unknown, version: number): IDataObject {
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		unreadable('it is not an object');
	const stored = value as IDataObject;
	if (stored.version !== version)
		unreadable(`version ${JSON.stringify(stored.version)} is unknown`);
	return stored;
}

export function timeOrNull(value: unknown, field: string): number | null {
	if (value === null) return null;
	const time = typeof value === 'string' ? Date.parse(value) : NaN;
	return Number.isNaN(time) ? unreadable(`${field} is not a date`) : time;
}

export function countOrNull(value: unknown, field: string, least: number): number | null {
	if (value === null) return null;
	return Number.isInteger(value) && (value as number) >= least
		? (value as number)
		: unreadable(`${field} is not a count`);
}
