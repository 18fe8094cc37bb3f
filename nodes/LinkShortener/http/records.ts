import type { IDataObject } from 'n8n-workflow';
import { isObject } from '../fields/jsonValues';

/** The Link record's fields (API reference 2.2), in the order an export writes them (D20). */
export const LINK_RECORD_FIELDS = [
	'id',
	'shortUrl',
	'longUrl',
	'title',
	'path',
	'domain',
	'tags',
	'totalNumberOfClick',
	'createdAt',
	'updatedAt',
	'expiredAt',
] as const;

/** The list `data` holds (D3, D6): `data` itself when it is an array, else its `items` or `links`. */
export function listIn(data: unknown): unknown[] | undefined {
	if (Array.isArray(data)) return data;
	if (!isObject(data)) return undefined;
	for (const key of ['items', 'links']) if (Array.isArray(data[key])) return data[key] as unknown[];
	return undefined;
}

/** The records of a response: the list its `data` holds, else `data` itself as the only record. */
export function recordsOf(body: unknown): IDataObject[] {
	const data = isObject(body) && 'data' in body ? body.data : body;
	const list = listIn(data);
	if (list) return list as IDataObject[];
	if (isObject(data)) return [data];
	return data === undefined || data === null ? [] : [{ value: data } as IDataObject];
}
