import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../fields/jsonValues';

/**
 * The records of a response: `data` when it is an array, else `data.items` or `data.links`
 * when one of them is, else `data` itself as the only record.
 */
export function recordsOf(body: unknown): IDataObject[] {
	const data = isObject(body) && 'data' in body ? body.data : body;
	if (Array.isArray(data)) return data as IDataObject[];
	if (isObject(data)) {
		for (const key of ['items', 'links']) {
			if (Array.isArray(data[key])) return data[key] as IDataObject[];
		}
		return [data];
	}
	return data === undefined || data === null ? [] : [{ value: data } as IDataObject];
}
