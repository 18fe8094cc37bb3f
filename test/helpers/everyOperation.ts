import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../dev/sandbox/fault-types';
import { SEEDED } from '../../dev/sandbox/server';
import { seededLinks } from '../../dev/sandbox/seed';
import { byId } from '../link/locatorValues';

/**
 * Every operation of the node with three input rows naming the seeded links, for the checks
 * that must hold for each (On Error: Continue, in-process and in real n8n).
 */
export const ROWS = SEEDED.ownLinks.length;
export const longUrls = Array.from({ length: ROWS }, (_, i) => `https://example.com/continue/${i}`);

export type OperationCase = {
	name: string;
	parameters: INodeParameters;
	input: IDataObject[];
};

// Each seeded link with its own short URL (the second is on the verified domain).
const shortUrls = new Map(seededLinks().map((link) => [link.id, link.shortUrl]));
const links: IDataObject[] = SEEDED.ownLinks.map((link) => ({
	...link,
	shortUrl: shortUrls.get(link.id),
}));
const perRowLink = (make: (link: IDataObject, i: number) => IDataObject) => links.map(make);
const sheet = (extra: (link: IDataObject) => IDataObject) =>
	perRowLink((link, i) => ({ longUrl: longUrls[i], title: `Row ${i}`, ...extra(link) }));

export const OPERATIONS: OperationCase[] = [
	{
		name: 'Link > Create',
		parameters: { resource: 'link', operation: 'create', longUrl: '={{ $json.longUrl }}' },
		input: sheet(() => ({})),
	},
	{
		name: 'Link > Get',
		parameters: { resource: 'link', operation: 'get', linkId: byId('={{ $json.id }}') },
		input: perRowLink((link) => ({ id: link.id })),
	},
	{
		name: 'Link > Get Many',
		parameters: { resource: 'link', operation: 'getMany', returnAll: true },
		input: perRowLink((_, i) => ({ row: i })),
	},
	{
		name: 'Link > Update',
		parameters: {
			resource: 'link',
			operation: 'update',
			linkId: byId('={{ $json.id }}'),
			updateFields: { title: 'Renamed' },
		},
		input: perRowLink((link) => ({ id: link.id })),
	},
	{
		name: 'Bulk > Create Many',
		parameters: { resource: 'bulk', operation: 'createMany', mappingMode: 'autoMap' },
		input: sheet(() => ({})),
	},
	{
		name: 'Bulk > Create Many, If Link Exists: Return Existing',
		parameters: {
			resource: 'bulk',
			operation: 'createMany',
			mappingMode: 'autoMap',
			options: { ifExists: 'returnExisting' },
		},
		input: sheet(() => ({})),
	},
	{
		name: 'Bulk > Update Many by ID',
		parameters: { resource: 'bulk', operation: 'updateMany', mappingMode: 'autoMap' },
		input: perRowLink((link, i) => ({ id: link.id, title: `Row ${i}` })),
	},
	{
		name: 'Bulk > Update Many by short URL',
		parameters: { resource: 'bulk', operation: 'updateMany', mappingMode: 'autoMap' },
		input: perRowLink((link, i) => ({ shortUrl: link.shortUrl, title: `Row ${i}` })),
	},
	{
		name: 'Bulk > Sync Many by path',
		parameters: { resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap' },
		input: sheet((link) => ({ path: link.path })),
	},
	{
		name: 'Bulk > Sync Many by long URL',
		parameters: {
			resource: 'bulk',
			operation: 'syncMany',
			mappingMode: 'autoMap',
			matchBy: 'longUrl',
		},
		input: sheet(() => ({})),
	},
	{
		name: 'Analytics > Get Clicks',
		parameters: { resource: 'analytics', operation: 'getClicks', groupBy: 'country' },
		input: perRowLink((_, i) => ({ row: i })),
	},
	{
		name: 'Analytics > Export Clicks, Link Details',
		parameters: {
			resource: 'analytics',
			operation: 'exportClicks',
			groupBy: 'link',
			options: { linkDetails: true },
		},
		input: perRowLink((_, i) => ({ row: i })),
	},
	{
		name: 'Domain > Get Many',
		parameters: { resource: 'domain', operation: 'getMany', returnAll: true },
		input: perRowLink((_, i) => ({ row: i })),
	},
];

export const FAULTS: Array<[string, Fault]> = [
	['every answer 503', { kind: 'status', status: 503 }],
	['every connection dropped', { kind: 'drop' }],
	['every answer a web page', { kind: 'html', title: 'Maintenance' }],
];

/**
 * Operations that check pages rather than call the API (D19): not part of the API fault cases
 * above, but of every path n8n calls the node on. Port 9 of 127.0.0.1 is closed: each check
 * ends at once with `connection`.
 */
export const PAGE_CHECKS: OperationCase[] = [
	{
		name: 'Link > Check Destination',
		parameters: { resource: 'link', operation: 'checkDestination' },
		input: longUrls.map((_, i) => ({ longUrl: `http://127.0.0.1:9/${i}` })),
	},
];

/** A seeded link as Get Many gives it, with a long URL: the row an operation without a case of its own runs on. */
export const LINK_ROWS: IDataObject[] = links.map((link, i) => ({ ...link, longUrl: longUrls[i] }));

/**
 * The cases of one of the node's operations ("link.export"): its own above, else its defaults
 * on LINK_ROWS. `pages`: whether it calls the API (false for the page checks of D19).
 */
export function casesOf(operation: string): { cases: OperationCase[]; callsApi: boolean } {
	const [resource, value] = operation.split('.');
	const of = (list: OperationCase[]) =>
		list.filter(
			({ parameters }) => parameters.resource === resource && parameters.operation === value,
		);
	if (of(PAGE_CHECKS).length) return { cases: of(PAGE_CHECKS), callsApi: false };
	const own = of(OPERATIONS);
	return {
		cases: own.length
			? own
			: [{ name: operation, parameters: { resource, operation: value }, input: LINK_ROWS }],
		callsApi: true,
	};
}
