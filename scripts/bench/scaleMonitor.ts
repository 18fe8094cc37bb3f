/**
 * Link Destination Broken over a million-link account, in a running n8n
 * (bench/startedTrigger.ts): each poll checks the next 2,000 links of the walk (Links Per Poll
 * at its most), one destination in 500 answering 404, all on one host of the destination
 * server (so 2 checks in flight). The saved state stays the walk's position plus the links
 * announced, whatever the account's size.
 */
import type * as n8n from '../../dev/n8n';
import { layout } from '../../dev/n8n';
import { Destinations } from '../../dev/destinations/server';
import { argument, quick } from './args';
import { largeSandbox, PAGE_CAP } from './largeAccount';
import { pollsInN8nStart } from './startedTrigger';

const LINKS_PER_POLL = 2_000;
const BROKEN_EVERY = 500;

export async function scaleMonitorLines(env: n8n.N8nEnv): Promise<string[]> {
	const links = Number(argument('links') ?? (quick ? 100_000 : 1_000_000));
	const pages = await Destinations.start();
	const sandbox = await largeSandbox(links);
	try {
		let i = 0;
		for (const link of sandbox.links.values())
			link.longUrl = pages.url(i++ % BROKEN_EVERY === 0 ? `/status/404?${i}` : `/ok?${i}`);
		const parameters = { event: 'destinationBroken', linksPerPoll: LINKS_PER_POLL };
		const counted = (what: string) => ({
			what,
			before: () => pages.reset(),
			after: () => pages.requests.length.toLocaleString('en-US'),
		});
		const { idleMb, polls } = await pollsInN8nStart(env, sandbox, parameters, [
			counted('publication: the first 2,000 links checked'),
			counted('the next 2,000'),
			counted('the next 2,000 again'),
		]);
		return [
			`Link Destination Broken over ${links.toLocaleString('en-US')} links, in \`n8n start\` (a running n8n ${layout().version}, the workflow published, polling every minute, Links Per Poll ${LINKS_PER_POLL.toLocaleString('en-US')}; one destination in ${BROKEN_EVERY} answers 404; sandbox page cap ${PAGE_CAP}, no latency). n8n's RSS when idle: ${idleMb} MB.`,
			'',
			'| Poll | Links announced | Requests to the API | Destination requests | Poll time | n8n peak RSS (over idle) | Saved state |',
			'|---|---:|---:|---:|---:|---:|---:|',
			...polls.map(
				(poll) =>
					`| ${poll.what} | ${poll.emitted} | ${poll.requests} | ${poll.note} | ${(poll.ms / 1000).toFixed(1)} s | ${poll.peakMb} MB (+${poll.overIdleMb} MB) | ${poll.stateBytes.toLocaleString('en-US')} B |`,
			),
			'',
			'Poll time: from the poll’s first request to the start of the run of its items. The walk asks for its pages by number, and a list page costs the sandbox the same on page 1 and page 20,000, so a poll deep in the walk costs what these cost. Saved state: the workflow’s static data in n8n’s database after the poll (D19: the walk’s position plus about 15 bytes a link announced).',
		];
	} finally {
		await sandbox.stop();
		await pages.stop();
	}
}
