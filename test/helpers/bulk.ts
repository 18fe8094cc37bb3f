/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { DirectoryLoader } from 'n8n-core';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';

import type { RecordedRequest } from '../../dev/sandbox/server';

export const BULK_CREATE_PATH = '/v1/links/bulk';
export const BULK_UPDATE_PATH = '/public/links/bulk';

export function createMany(parameters: INodeParameters = {}): INodeParameters {
	return { resource: 'bulk', operation: 'createMany', ...parameters };
}

export function updateMany(parameters: INodeParameters = {}): INodeParameters {
	return { resource: 'bulk', operation: 'updateMany', ...parameters };
}

/** Sync Many, by auto-map unless the parameters say otherwise. */
export function syncMany(parameters: INodeParameters = {}): INodeParameters {
	return { resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap', ...parameters };
}

/** Input items for autoMap create: { longUrl, title }. */
export function linkRows(count: number): IDataObject[] {
	return Array.from({ length: count }, (_, i) => ({
		longUrl: `https://example.com/page/${i}`,
		title: `Page ${i}`,
	}));
}

export function pairedIndices(items: INodeExecutionData[]): number[] {
	return items.map((item) => (item.pairedItem as { item: number }).item);
}

export function detailsOf(item: INodeExecutionData): IDataObject {
	return item.json.details as IDataObject;
}

/** Indices of the output items that are error items. */
export function errorRows(items: INodeExecutionData[]): number[] {
	return items
		.filter((item) => item.json.error !== undefined)
		.map((item) => detailsOf(item).inputItem as number);
}

export function summary(
	requests: RecordedRequest[],
): Array<[string, string, number, number | undefined]> {
	return requests.map((request) => [
		request.method,
		request.path,
		request.status,
		request.bodyItems,
	]);
}

/** A port on 127.0.0.1 where nothing listens (connections are refused). */
export async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

/**
 * The node as n8n's loader registers it: n8n adds the node setting "Request Options"
 * (requestOptions: Batching, Timeout…) to every declarative node when it loads the package.
 */
export function loadedAsN8nDoes(): LinkShortener {
	const node = new LinkShortener();
	DirectoryLoader.applyDeclarativeNodeOptionParameters(node);
	return node;
}
