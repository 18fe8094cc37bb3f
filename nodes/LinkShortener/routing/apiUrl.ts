/**
 * Where a routed request goes, set in code, not as expressions in the routing: n8n compiles
 * every expression it meets once a process, and that compile was 16 % of a Return All of 10,000
 * links in `n8n execute` (docs/performance.md, the CPU profile).
 */
import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiPathsOf, baseUrlOf } from '../http/endpoints';
import { runCredentials } from '../http/runCredentials';

/** A request n8n's routing sends goes to the credential's Base URL (D1's rule). */
export async function atTheBaseUrl(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const { data = {} } = await runCredentials(this);
	requestOptions.baseURL = baseUrlOf(data);
	return requestOptions;
}

/** The legacy path when the operation's "API Paths" option asks for it. */
export function onLegacyPaths(legacyUrl: string) {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		if (apiPathsOf(this) === 'legacy') requestOptions.url = legacyUrl;
		return requestOptions;
	};
}
