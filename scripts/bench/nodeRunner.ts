/** Runs the Link Shortener node, the expressions baseline or HTTP Request through n8n's engine. Loaded only by engine runs. */
import type {
	IDataObject,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IVersionedNodeType,
} from 'n8n-workflow';

import { LinkShortenerApi } from '../../credentials/LinkShortenerApi.credentials';
import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { Engine } from '../../dev/engine/engine';
import { PerRowExpressions } from './expressionsNode';
import {
	HTTP_REQUEST_TYPE,
	HTTP_REQUEST_VERSION,
	httpRequestParameters,
	loadHttpRequestNode,
} from './httpRequestNode';
import type { Job } from './jobs';

const NODE_TYPE = 'n8n-nodes-link-shortener.linkShortener';
const EXPRESSIONS_TYPE = 'bench.perRowExpressions';

let engine: Engine | undefined;

/** One engine per process, with HTTP Request (slow to load: n8n-nodes-base) only in the processes that run it. */
function engineFor(job: Job): Engine {
	if (engine) return engine;
	const nodeTypes: Record<string, INodeType | IVersionedNodeType> = {
		[NODE_TYPE]: new LinkShortener(),
		[EXPRESSIONS_TYPE]: new PerRowExpressions(),
	};
	if (job.runner === 'httpRequest') nodeTypes[HTTP_REQUEST_TYPE] = loadHttpRequestNode();
	engine = new Engine({ nodeTypes, credentialTypes: [new LinkShortenerApi()] });
	return engine;
}

function nodeParameters(job: Job): INodeParameters {
	if (job.runner === 'httpRequest') return httpRequestParameters(job);
	if (job.operation === 'list') return { resource: 'link', operation: 'getMany', returnAll: true };
	if (job.operation === 'sync') {
		return { resource: 'bulk', operation: 'syncMany', mappingMode: 'autoMap', matchBy: 'path' };
	}
	const operation = job.operation === 'create' ? 'createMany' : 'updateMany';
	if (job.mode === 'autoMap') return { resource: 'bulk', operation, mappingMode: 'autoMap' };
	return { resource: 'bulk', operation, mappingMode: 'defineBelow', ...perRowExpressions(job) };
}

/** The defineBelow parameters: one expression per field, as a user maps them. */
function perRowExpressions(job: Job): INodeParameters {
	return job.operation === 'create'
		? { longUrl: '={{ $json.longUrl }}', title: '={{ $json.title }}' }
		: { linkId: '={{ $json.id }}', updateFields: { title: '={{ $json.title }}' } };
}

const TYPES = {
	node: NODE_TYPE,
	expressions: EXPRESSIONS_TYPE,
	httpRequest: HTTP_REQUEST_TYPE,
} as const;

export async function runThroughEngine(
	job: Job,
	rows: IDataObject[],
): Promise<{ items: INodeExecutionData[]; executionMs?: number }> {
	const type = TYPES[job.runner as keyof typeof TYPES];
	const isHttpRequest = job.runner === 'httpRequest';
	// HTTP Request sends the key as a header parameter of its own.
	const credentials = isHttpRequest
		? undefined
		: { linkShortenerApi: { baseUrl: job.baseUrl, apiKey: job.apiKey } };
	const typeVersion = isHttpRequest ? HTTP_REQUEST_VERSION : undefined;
	const { items, error, run } = await engineFor(job).runNode({
		type,
		typeVersion,
		parameters: nodeParameters(job),
		input: rows,
		credentials,
	});
	if (error) throw error;
	// the engine names the node under test 'Node'
	return { items, executionMs: run.data.resultData.runData.Node?.[0]?.executionTime };
}
