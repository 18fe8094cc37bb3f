import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type INode,
	type JsonObject,
} from 'n8n-workflow';

import { clipped, contentTypeOf, describeBody, isMarkup, MAX_SHOWN_TEXT } from './answerText';
import { isObject } from '../fields/jsonValues';

/** An answer as an error is made from: its status, its body, and its headers when known. */
export interface ErrorAnswer {
	statusCode: number;
	body: unknown;
	headers?: IDataObject;
}

const WEB_PAGE_ADVICE =
	"The server answered with a web page, not the API's JSON. Check that the credential's Base URL is the API root (ending in /api); if it is, the service may be down or under maintenance: try again later.";

/**
 * Turns an error response into an error whose message is the server's own text, prefixed
 * by the status. Reads the flat error object ({ code, message, details }) and the
 * bulk-update bodies ({ success: false, error | errors, message }). A web page is described
 * (`502 text/html "Bad Gateway"`), never quoted.
 */
export function apiError(node: INode, answer: ErrorAnswer, itemIndex?: number): NodeApiError {
	const { statusCode, body } = answer;
	const contentType = contentTypeOf(answer.headers);
	const page = isMarkup(body, contentType);
	const shown =
		typeof body === 'string' && body !== ''
			? describeBody(body, contentType)
			: clipped(textOf(body));
	const error = (isObject(body) ? body : { message: shown }) as JsonObject;
	const serverMessage = clipped(messageOf(error)) || `the server answered ${statusCode}`;
	const message =
		statusCode === 401
			? `401 Unauthorized: the API key is missing, invalid or expired (${serverMessage})`
			: `${statusCode} ${serverMessage}`;
	const context = Object.fromEntries(
		['code', 'error', 'details', 'errors']
			.filter((key) => error[key] !== undefined)
			.map((key) => [key, error[key]]),
	);
	const details = Object.keys(context).length
		? clipped(JSON.stringify(context), 2 * MAX_SHOWN_TEXT)
		: undefined;
	return new NodeApiError(node, { ...context, message: serverMessage } as JsonObject, {
		message,
		description: page ? WEB_PAGE_ADVICE : details,
		httpCode: String(statusCode),
		itemIndex,
	});
}

/**
 * What stops a run (not a request's failure, see requestFailure): errors n8n shows well pass
 * through; anything else thrown becomes a NodeOperationError.
 */
export function asNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	const cause = error instanceof Error ? error : new Error(String(error));
	return new NodeOperationError(node, cause, { itemIndex });
}

export function textOf(body: unknown): string {
	if (body === undefined || body === null || body === '') return '';
	return typeof body === 'string' ? body : JSON.stringify(body);
}

function messageOf(error: JsonObject): string {
	if (typeof error.message === 'string' && error.message) return error.message;
	if (Array.isArray(error.errors)) {
		return error.errors
			.flatMap((entry) => (isObject(entry) ? Object.entries(entry) : []))
			.map(
				([field, detail]) =>
					`${field}: ${isObject(detail) ? String(detail.message) : String(detail)}`,
			)
			.join('; ');
	}
	return typeof error.error === 'string' ? error.error : '';
}
