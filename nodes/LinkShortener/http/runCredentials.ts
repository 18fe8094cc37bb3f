import type {
	ICredentialsDecrypted,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { CREDENTIAL_TYPE } from './endpoints';

type ApiContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| ILoadOptionsFunctions
	| IPollFunctions;

/**
 * The credential of one run of the node, or of one poll, read once. n8n reads a credential from
 * its database and decrypts it at every `getCredentials`, and `httpRequestWithAuthentication`
 * calls it for every request unless it is handed the decrypted credential: about 2 ms a request
 * in n8n 2.41.1, more than the node's own work for a page. Authentication stays n8n's (the
 * credential's `authenticate`).
 */
const ofRun = new WeakMap<object, Promise<ICredentialsDecrypted>>();
/** Poll contexts: n8n keeps one for all the polls of an activation, so each poll starts a read afresh. */
const polls = new WeakSet<object>();

/** A poll begins: its requests share one read of the credential (an edited key counts from the next poll). */
export function oneReadThisPoll(context: IPollFunctions): void {
	polls.add(context);
	ofRun.delete(context);
}

async function read(context: ApiContext): Promise<ICredentialsDecrypted> {
	const data = await context.getCredentials(CREDENTIAL_TYPE);
	const { id, name } = context.getNode().credentials?.[CREDENTIAL_TYPE] ?? {};
	return { id: id ?? '', name: name ?? '', type: CREDENTIAL_TYPE, data };
}

export async function runCredentials(context: ApiContext): Promise<ICredentialsDecrypted> {
	const run =
		'getExecuteData' in context
			? context.getExecuteData()
			: polls.has(context)
				? context
				: undefined;
	if (!run) return await read(context);
	let credentials = ofRun.get(run);
	if (!credentials) {
		credentials = read(context);
		ofRun.set(run, credentials);
	}
	return await credentials;
}
