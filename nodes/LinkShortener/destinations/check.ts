import { PACKAGE_VERSION } from '../http/endpoints';
import { Slots } from './slots';
import { headerOf } from '../http/headers';
import { absoluteHttpUrl } from '../fields/validation';
import { answerHeaders, noAnswerReason, type PlainRequest } from '../n8n/plainRequest';
import { throwIfCancelled } from '../n8n/wait';

export type Problem =
	| 'httpStatus'
	| 'timeout'
	| 'dns'
	| 'connection'
	| 'tls'
	| 'redirectLoop'
	| 'tooManyRedirects'
	| 'badRedirect'
	| 'invalidUrl';

/** What a check found (D19). */
export interface Destination {
	url: string;
	ok: boolean;
	status: number | null;
	finalUrl: string | null;
	redirects: number;
	ms: number | null;
	problem: Problem | null;
}

/** Check Destination's defaults (D19), which the destination monitor uses too. */
export const CHECK_TIMEOUT_SECONDS = 10;
export const CHECK_MAX_REDIRECTS = 10;

export interface CheckSettings {
	timeoutMs: number;
	maxRedirects: number;
	/** A check whose first request would start after this time (ms since the epoch) is not made. */
	startBy?: number;
	/**
	 * The caller paces the checks (Check Destination's send: 8 in flight, 2 a URL's host); else
	 * the checker's own slots pace each request (8 in flight, 2 a host).
	 */
	pacedByCaller?: boolean;
	/** The execution's cancel signal (`cancelSignalOf`): a check ends with its reason, no request after it. */
	signal?: AbortSignal;
}

const USER_AGENT = `n8n-nodes-link-shortener/${PACKAGE_VERSION} (destination check)`;
/**
 * D19's limits for the destinations' hosts: checks in flight, and checks of one host at once.
 * Not the API's REQUESTS_IN_FLIGHT (http/endpoints.ts, measured against the API): two meanings
 * that happen to be equal, each changed on its own.
 */
export const CHECKS_IN_FLIGHT = 8;
export const PER_HOST = 2;

type Answer = { status: number; location?: string } | { failure: Problem } | { late: true };

/** A Location against the URL that gave it, when it is a usable http(s) URL. */
function resolved(location: string, base: string): URL | undefined {
	try {
		return absoluteHttpUrl(new URL(location, base).href);
	} catch {
		return undefined;
	}
}

/**
 * Checks destinations for one run (D19): HEAD, and one GET when HEAD gets an error answer or a
 * closed connection; redirects followed and counted; the same URL checked once; each check
 * bounded by the timeout (slot waits not counted); no body read (a GET is closed at its headers).
 * Unless the caller paces the checks, at most 8 requests in flight and 2 per host (a slow host
 * holds only its own two).
 */
export class DestinationChecker {
	private readonly checks = new Map<string, Promise<Destination | undefined>>();
	private readonly inFlight = new Slots(CHECKS_IN_FLIGHT);
	private readonly hosts = new Map<string, Slots>();

	constructor(
		private readonly send: PlainRequest,
		private readonly settings: CheckSettings,
	) {}

	/** What `url` leads to; undefined only when the check had not begun by `startBy`. */
	async check(url: string): Promise<Destination | undefined> {
		const key = url.trim();
		let check = this.checks.get(key);
		if (!check) this.checks.set(key, (check = this.checked(key)));
		return await check;
	}

	private async checked(url: string): Promise<Destination | undefined> {
		if (absoluteHttpUrl(url)) return await this.follow(url);
		return {
			url,
			ok: false,
			status: null,
			finalUrl: null,
			redirects: 0,
			ms: null,
			problem: 'invalidUrl',
		};
	}

	private async follow(url: string): Promise<Destination | undefined> {
		const { maxRedirects } = this.settings;
		let budget = this.settings.timeoutMs;
		let [current, method, redirects, ms] = [url, 'HEAD' as 'HEAD' | 'GET', 0, 0];
		const seen = new Set([url]);
		let first = true;
		const result = (status: number | null, problem: Problem | null): Destination => ({
			url,
			ok: problem === null,
			status,
			finalUrl: current,
			redirects,
			ms,
			problem,
		});
		for (;;) {
			if (budget <= 0) return result(null, 'timeout');
			const { answer, spentMs } = await this.request(method, current, budget, first);
			first = false;
			[budget, ms] = [budget - spentMs, ms + spentMs];
			if ('late' in answer) return undefined;
			if ('failure' in answer) {
				if (method === 'HEAD' && answer.failure === 'connection') method = 'GET';
				else return result(null, answer.failure);
			} else if (answer.status >= 300 && answer.status < 400) {
				const next = answer.location ? resolved(answer.location, current) : undefined;
				if (!next) return result(answer.status, 'badRedirect');
				if (seen.has(next.href)) return result(answer.status, 'redirectLoop');
				if (redirects >= maxRedirects) return result(answer.status, 'tooManyRedirects');
				[current, redirects] = [next.href, redirects + 1];
				seen.add(current);
			} else if (answer.status >= 400 && method === 'HEAD') {
				method = 'GET';
			} else {
				const ok = answer.status >= 200 && answer.status < 300;
				return result(answer.status, ok ? null : 'httpStatus');
			}
		}
	}

	/** Waits for a slot of the URL's host, then one of the 8; none when the caller paces. */
	private async slotFor(url: string): Promise<() => void> {
		if (this.settings.pacedByCaller) return () => undefined;
		const host = new URL(url).host;
		let slots = this.hosts.get(host);
		if (!slots) this.hosts.set(host, (slots = new Slots(PER_HOST)));
		// The host's slot first: checks waiting for a busy host hold none of the 8.
		const releaseHost = await slots.take();
		const release = await this.inFlight.take();
		return () => {
			release();
			releaseHost();
		};
	}

	/** One request, in a slot of its host; a GET is closed at its headers. */
	private async request(method: 'HEAD' | 'GET', url: string, budget: number, first: boolean) {
		const release = await this.slotFor(url);
		const started = Date.now();
		if (first && started > (this.settings.startBy ?? Infinity)) {
			release();
			return { answer: { late: true } as Answer, spentMs: 0 };
		}
		let answer: Answer;
		try {
			const { statusCode, headers } = await answerHeaders(this.send, {
				method,
				url,
				headers: { 'User-Agent': USER_AGENT },
				timeoutMs: budget,
				signal: this.settings.signal,
			});
			answer = { status: statusCode, location: headerOf(headers, 'location') };
		} catch (error) {
			throwIfCancelled(this.settings.signal);
			answer = { failure: noAnswerReason(error) };
		} finally {
			release();
		}
		return { answer, spentMs: Date.now() - started };
	}
}
