import { isSet, type FieldName, type RowValidator } from '../fields/validation';
import { UTM_FIELDS, type UtmValues } from '../fields/utmFields';

export interface TaggedUrl {
	url: string;
	/** The utm_* keys the long URL already had with another value, now replaced. */
	replaced: readonly string[];
}

const NONE_REPLACED: readonly string[] = [];

/**
 * Adds the UTM values that are set to the long URL's query (D12): percent-encoded, each
 * replacing the same utm_* key wherever it stood (its first place kept, repeats dropped),
 * new keys appended in the order source, medium, campaign, term, content. Every other
 * parameter is kept byte for byte, and so is the fragment.
 */
export function withUtm(longUrl: string, values: UtmValues, check: RowValidator): TaggedUrl {
	// Most rows have no UTM value: no Map and no new array for them (100,000-row bulk runs).
	let wanted: Map<string, string> | undefined;
	for (const { field, key, label } of UTM_FIELDS) {
		const value = values[field];
		if (!isSet(value)) continue;
		const name: FieldName = { label, parameter: field };
		if (typeof value !== 'string' && typeof value !== 'number') check.fail(name, 'it must be text');
		const text = String(value).trim();
		if (text) (wanted ??= new Map()).set(key, text);
	}
	if (!wanted) return { url: longUrl, replaced: NONE_REPLACED };

	const hashAt = longUrl.indexOf('#');
	const beforeHash = hashAt < 0 ? longUrl : longUrl.slice(0, hashAt);
	const fragment = hashAt < 0 ? '' : longUrl.slice(hashAt);
	const queryAt = beforeHash.indexOf('?');
	const base = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
	const query = queryAt < 0 ? '' : beforeHash.slice(queryAt + 1);

	const replaced: string[] = [];
	const placed = new Set<string>();
	const parameters: string[] = [];
	for (const parameter of query.split('&')) {
		if (parameter === '') continue;
		const key = decodedKey(parameter);
		const value = wanted.get(key);
		if (value === undefined) {
			parameters.push(parameter);
			continue;
		}
		if (placed.has(key)) {
			if (!replaced.includes(key)) replaced.push(key);
			continue;
		}
		const pair = `${key}=${encodeURIComponent(value)}`;
		if (pair !== parameter && !replaced.includes(key)) replaced.push(key);
		parameters.push(pair);
		placed.add(key);
	}
	for (const [key, value] of wanted) {
		if (!placed.has(key)) parameters.push(`${key}=${encodeURIComponent(value)}`);
	}
	return { url: `${base}?${parameters.join('&')}${fragment}`, replaced };
}

function decodedKey(parameter: string): string {
	const key = parameter.split('=', 1)[0].replace(/\+/g, ' ');
	try {
		return decodeURIComponent(key);
	} catch {
		return key;
	}
}
