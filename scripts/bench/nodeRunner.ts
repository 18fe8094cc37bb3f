/** Runs the Link Shortener node (or the expressions baseline) through n8n's engine. Loaded only by node runs. */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { LinkShortenerApi } from '../../credentials/LinkShortenerApi.credentials';
import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { Engine } from '../../dev/engine/engine';
import { PerRowExpressions } from './expressionsNode';
import type { Job } from './jobs';

const NODE_TYPE = 'n8n-nodes-link-shortener.linkShortener';
const EXPRESSIONS_TYPE = 'bench.perRowExpressions';

const engine = new Engine({
	nodeTypes: { [NODE_TYPE]: new LinkShortener(), [EXPRESSIONS_TYPE]: new PerRowExpressions() },
	credentialTypes: [new LinkShortenerApi()],
});

function nodeParameters(job: Job): INodeParameters {
	if (job.operation === 'list') return { resource: 'link', operation: 'getMany', returnAll: true };
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

export async function runThroughEngine(job: Job, rows: IDataObject[]): Promise<INodeExecutionData[]> {
	const type = job.runner === 'expressions' ? EXPRESSIONS_TYPE : NODE_TYPE;
	const credentials = { linkShortenerApi: { baseUrl: job.baseUrl, apiKey: job.apiKey } };
	const { items, error } = await engine.runNode({ type, parameters: nodeParameters(job), input: rows, credentials });
	if (error) throw error;
	return items;
}
