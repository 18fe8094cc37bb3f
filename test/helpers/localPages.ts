import type { Destinations } from '../../dev/destinations/server';
import type { Sandbox } from '../../dev/sandbox/server';

/**
 * The account's links replaced by links to `paths` on the local pages server, oldest first
 * (one second apart), so that destination checks stay on 127.0.0.1.
 */
export function linksToPages(sandbox: Sandbox, pages: Destinations, paths: string[]) {
	sandbox.deleteLinks([...sandbox.links.keys()]);
	const start = Date.now() - paths.length * 1000;
	return paths.map((path, i) => ({
		...sandbox.addLinks(1, {
			longUrl: pages.url(path),
			title: `page ${i}`,
			createdAt: new Date(start + i * 1000).toISOString(),
		})[0],
		page: path,
	}));
}

/** The pages behind the weekly broken-link example's links: two broken of three. */
export const WEEKLY_REPORT_PAGES = ['/ok', '/status/404', '/no-location'];
