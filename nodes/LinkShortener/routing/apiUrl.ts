import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { apiPathsOf, baseUrlOf } from '../http/endpoints';
import { runCredentials } from '../http/runCredentials';

/**
 * A routed request's Base URL from the credential (D1's rule), and the legacy path when the
 * operation's "API Paths" option asks for it. Done here in code, not as expressions in the
 * routing: n8n compiles every expression it meets once a process, and that compile was 16 % of
 * a Return All of 10,000 links in `n8n execute` (docs/performance.md, the CPU profile).
 */
export function atTheApi(legacyUrl?: string) {
	return async function (this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
		const { data = {} } = await runCredentials(this);
		requestOptions.baseURL = baseUrlOf(data);
		if (legacyUrl && apiPathsOf(this) === 'legacy') requestOptions.url = legacyUrl;
		return requestOptions;
	};
}
