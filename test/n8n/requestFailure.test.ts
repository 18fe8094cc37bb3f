import { NodeApiError, type JsonObject } from 'n8n-workflow';

import { neverConnected } from '../../nodes/LinkShortener/n8n/requestFailure';
import { STUB_NODE } from '../helpers/stubNode';

/** The socket's error, and axios' over it (its code, the socket's error as its cause). */
function axiosFailure(code: string, message: string): JsonObject {
	const socket = Object.assign(new Error(message), { code });
	return Object.assign(new Error(message), {
		code,
		cause: socket,
		isAxiosError: true,
	}) as unknown as JsonObject;
}

describe('neverConnected: what httpRequestWithAuthentication throws', () => {
	it.each([
		['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9', true],
		['ENOTFOUND', 'getaddrinfo ENOTFOUND api.example.invalid', true],
		['EAI_AGAIN', 'getaddrinfo EAI_AGAIN api.example.com', true],
		['ECONNRESET', 'socket hang up', false],
		['ECONNABORTED', 'timeout of 1000ms exceeded', false],
	])(
		"%s (n8n 2.41.1: the NodeApiError keeps axios' error as its cause)",
		(code, message, never) => {
			const error = new NodeApiError(STUB_NODE, axiosFailure(code, message));
			expect(neverConnected(error)).toBe(never);
		},
	);

	it('n8n 1.123.81: the NodeApiError has no cause, only the code as its httpCode', () => {
		const refused = Object.assign(new Error('The service refused the connection'), {
			httpCode: 'ECONNREFUSED',
			cause: undefined,
		});
		const reset = Object.assign(new Error('The connection to the server was closed'), {
			httpCode: 'ECONNRESET',
			cause: undefined,
		});
		expect(neverConnected(refused)).toBe(true);
		expect(neverConnected(reset)).toBe(false);
	});
});
