/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development tooling, not loaded by n8n */
import type { IncomingMessage } from 'node:http';

import type { ApiResponse } from './http';
import type { SandboxState } from './state';
import type { ClickEvent, SandboxLink } from './types';

/** What a visitor's request says of them, as a shortener reads it. */
function visitorOf(req: IncomingMessage): Omit<ClickEvent, 'linkId' | 'at'> {
	const header = (name: string) => {
		const value = req.headers[name];
		return (Array.isArray(value) ? value[0] : value) ?? '';
	};
	const agent = header('user-agent');
	let referrer = 'direct';
	try {
		if (header('referer')) referrer = new URL(header('referer')).hostname;
	} catch {
		referrer = 'direct';
	}
	const browser = /Edg\//.test(agent)
		? 'Edge'
		: /Firefox\//.test(agent)
			? 'Firefox'
			: /Chrome\//.test(agent)
				? 'Chrome'
				: /Safari\//.test(agent)
					? 'Safari'
					: 'Other';
	const os = /Windows/.test(agent)
		? 'Windows'
		: /Android/.test(agent)
			? 'Android'
			: /iPhone|iPad/.test(agent)
				? 'iOS'
				: /Mac OS X/.test(agent)
					? 'macOS'
					: /Linux/.test(agent)
						? 'Linux'
						: 'Other';
	return {
		country: header('x-country') || 'Unknown',
		city: header('x-city') || 'Unknown',
		referrer,
		browser,
		os,
		device: /Mobile|iPhone|Android/.test(agent) ? 'mobile' : 'desktop',
	};
}

/** The link a short URL's path names: on the domain the Host header names, else on any domain. */
function linkOf(state: SandboxState, req: IncomingMessage, path: string): SandboxLink | undefined {
	const host = (req.headers.host ?? '').split(':')[0].toLowerCase();
	const candidates = [...state.links.values()].filter((link) => link.path === path);
	const domain = state.domains.find((d) => d.domainName.toLowerCase() === host);
	return candidates.find((link) => link.domain === domain?.id) ?? candidates[0];
}

/**
 * A visit of a short URL (API reference, section 1, item 2): `GET /<path>` outside `/api`
 * redirects to the long URL and records a click from what the request says (country and city
 * from `X-Country` / `X-City`, the referrer's host, browser, OS and device from the User-Agent).
 */
export function visitShortUrl(
	state: SandboxState,
	req: IncomingMessage,
	pathname: string,
	now: number,
): ApiResponse {
	const path = decodeURIComponent(pathname.replace(/^\/+|\/+$/g, ''));
	const link = path ? linkOf(state, req, path) : undefined;
	if (!link) return { status: 404, body: `No short link at /${path}` };
	state.recordClick({ linkId: link.id, at: new Date(now).toISOString(), ...visitorOf(req) });
	return { status: 302, body: '', headers: { Location: link.longUrl } };
}
