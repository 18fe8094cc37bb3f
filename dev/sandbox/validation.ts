import type { SandboxTag } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const HTTP_PREFIX = /^https?:\/\/[^/?#\s]/i;

export function isHttpUrl(value: unknown): value is string {
	// canParse avoids building a URL object: bulk create checks up to 10,000 of these per request.
	return typeof value === 'string' && HTTP_PREFIX.test(value) && URL.canParse(value);
}

/** A real calendar date written as YYYY-MM-DD. */
export function isDateOnly(value: unknown): value is string {
	if (typeof value !== 'string') return false;
	const match = DATE_ONLY.exec(value);
	if (!match) return false;
	const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
	return date.toISOString().slice(0, 10) === value;
}

/** An ISO 8601 date or date-time, normalised to the `...Z` form; undefined when invalid. A time without a zone is read as UTC. */
export function normalizeTimestamp(value: unknown): string | undefined {
	if (typeof value !== 'string' || !ISO_TIMESTAMP.test(value)) return undefined;
	const withZone = value.length > 10 && !HAS_ZONE.test(value) ? `${value}Z` : value;
	const ms = Date.parse(withZone);
	return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** The UTC calendar day (YYYY-MM-DD) of an ISO timestamp. */
export function utcDay(timestamp: string): string {
	if (timestamp.length >= 11 && timestamp.endsWith('Z')) return timestamp.slice(0, 10);
	return new Date(timestamp).toISOString().slice(0, 10);
}

/** An array of `{ name: string }` objects (name not blank), copied to plain tags; undefined when invalid. */
export function readTags(value: unknown): SandboxTag[] | undefined {
	if (!Array.isArray(value)) return undefined;
	const tags: SandboxTag[] = [];
	for (const tag of value) {
		if (!isPlainObject(tag) || typeof tag.name !== 'string' || tag.name.trim() === '')
			return undefined;
		tags.push({ name: tag.name });
	}
	return tags;
}

/** A positive integer given either as a number or (for query strings) as digits. */
export function readPositiveInteger(value: unknown): number | undefined {
	const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
	return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : undefined;
}
