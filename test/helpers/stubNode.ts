import type { INode } from 'n8n-workflow';

/** The node as unit tests of its pieces see it: what errors name, nothing n8n runs. */
export const STUB_NODE = {
	name: 'Link Shortener',
	type: 'linkShortener',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
} as INode;
