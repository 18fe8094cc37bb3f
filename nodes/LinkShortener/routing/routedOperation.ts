import type {
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyOptions,
	IN8nHttpFullResponse,
	PostReceiveAction,
} from 'n8n-workflow';

import { atTheBaseUrl, onLegacyPaths } from './apiUrl';
import { outputRecords, rememberRequest } from './routedAnswer';
import {
	eachRowAnItem,
	onValidRows,
	sendOnce,
	validateBeforeSending,
	type Paginate,
} from './rowGuard';

export type PreSend = (
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) => Promise<IHttpRequestOptions>;
export type { Paginate } from './rowGuard';
type PostReceive = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

export interface RoutedOperationSpec {
	name: string;
	value: string;
	description: string;
	action: string;
	/** Method and path; `legacyUrl` when the "API Paths" option may ask for the legacy one. Fields add to it with `routing.send`. */
	request: { method: IHttpRequestMethods; url: string; legacyUrl?: string };
	/** Checks one input row and puts the request in the API's shape; runs for every row before any is sent. */
	check?: PreSend;
	/** Runs after every row passed its check, before this row's request leaves (a look-up, say). */
	beforeSending?: PreSend[];
	/** What follows once the answer is the records of this row (QR codes, marks). */
	postReceive?: PostReceive[];
	/** Return All / Limit: the pages are read by this function instead of one request per item. */
	paginate?: Paginate;
}

/**
 * THE way to write a routed (declarative) operation. Its requests go to the credential's Base
 * URL (`atTheBaseUrl`; the pager of Return All / Limit adds it itself). The node's
 * requestDefaults turn n8n's status errors and redirects off, so the answer of every routed
 * request must pass through `outputRecords` (a 4xx becomes the server's error, a redirect is
 * followed within the API's origin) after `rememberRequest` kept the request: this puts both in
 * place. Every row is checked before any is sent (`validateBeforeSending`).
 */
export function routedOperation(spec: RoutedOperationSpec): INodePropertyOptions {
	const {
		name,
		value,
		description,
		action,
		request,
		check,
		beforeSending = [],
		postReceive = [],
		paginate,
	} = spec;
	const { legacyUrl, ...methodAndUrl } = request;
	const checks = [
		...(legacyUrl ? [onLegacyPaths(legacyUrl)] : []),
		...(check ? validateBeforeSending(check) : []),
	];
	// Every row's request goes through a pagination function of the package's, even a single
	// one: that is where a failed row becomes its own paired error item (`eachRowAnItem`).
	const routing: INodePropertyOptions['routing'] = paginate
		? {
				request: methodAndUrl,
				send: { paginate: true, preSend: checks },
				operations: { pagination: eachRowAnItem(paginate) },
			}
		: {
				request: methodAndUrl,
				send: {
					paginate: true,
					preSend: [atTheBaseUrl, ...checks, ...beforeSending.map(onValidRows), rememberRequest],
				},
				operations: { pagination: eachRowAnItem(sendOnce) },
				output: { postReceive: [outputRecords, ...postReceive] as PostReceiveAction[] },
			};
	return { name, value, description, action, routing };
}
