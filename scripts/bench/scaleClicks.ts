/**
 * Link Clicked over an account whose links all have clicks, in a running n8n (bench/startedTrigger.ts):
 * the poll that notes the totals at publication, then polls that emit the links clicked since
 * (one in 1,000, then one in 10).
 */
import type * as n8n from '../../dev/n8n';
import { layout } from '../../dev/n8n';
import { argument, quick } from './args';
import { largeSandbox, PAGE_CAP } from './largeAccount';
import { pollsInN8nStart } from './startedTrigger';

const TARGET_MB = 1024;
/** Max Links Per Poll at its default: the poll after 100,001 clicked links emits this many. */
const MAX_LINKS_PER_POLL = 10_000;

export async function scaleClicksLines(env: n8n.N8nEnv): Promise<string[]> {
	const links = Number(argument('links') ?? (quick ? 100_000 : 1_000_000));
	const sandbox = await largeSandbox(links);
	try {
		const ids = [...sandbox.links.keys()];
		for (const id of ids) sandbox.addClicks(id, 1);
		const phases = [1_000, 10].map((every) => {
			const clicked = ids.filter((_, i) => i % every === 0);
			return {
				what: `a poll after ${clicked.length.toLocaleString('en-US')} links got a click`,
				emits: Math.min(clicked.length, MAX_LINKS_PER_POLL),
				before: () => clicked.forEach((id) => sandbox.addClicks(id, 1)),
			};
		});
		const { idleMb, polls } = await pollsInN8nStart(env, sandbox, { event: 'linkClicked' }, [
			{ what: 'publication: the totals noted', emits: 0 },
			...phases,
			{
				what: 'the next poll: links still due from the one before',
				emits: Math.min(
					Math.max(0, Math.ceil(links / 10) - MAX_LINKS_PER_POLL),
					MAX_LINKS_PER_POLL,
				),
			},
		]);
		return [
			`Link Clicked over ${links.toLocaleString('en-US')} links that all have clicks, Max Links Per Poll at its default (${MAX_LINKS_PER_POLL.toLocaleString('en-US')}), in \`n8n start\` (a running n8n ${layout().version}, the workflow published, polling every minute; sandbox page cap ${PAGE_CAP}, no latency). n8n's RSS when idle: ${idleMb} MB.`,
			'',
			'| Poll | Links emitted | Requests | Poll time | n8n peak RSS during the poll (over idle) | n8n peak over idle while it runs and saves the items | Saved state |',
			'|---|---:|---:|---:|---:|---:|---:|',
			...polls.map(
				(poll) =>
					`| ${poll.what} | ${poll.emitted.toLocaleString('en-US')} | ${poll.requests.toLocaleString('en-US')} | ${(poll.ms / 1000).toFixed(1)} s | ${poll.peakMb} MB (+${poll.overIdleMb} MB ${poll.overIdleMb <= TARGET_MB ? '✅' : '❌'}) | ${poll.runOverIdleMb === undefined ? '—' : `+${poll.runOverIdleMb} MB`} | ${poll.stateBytes.toLocaleString('en-US')} B (${(poll.stateBytes / links).toFixed(1)} B a link) |`,
			),
			'',
			`Poll time: from the poll's first request to the start of the run of its items (to the saving of its state, seen within a second, for the poll that emits nothing); its requests are those sent until then. n8n's RSS read from /proc every 50 ms (idle: its least over 10 s once started); ✅ the poll's peak at most ${TARGET_MB / 1024} GB over n8n's idle RSS, ❌ otherwise. The run of the items (Link Clicked → No Operation) is n8n's, measured apart: from its start until n8n's REST API serves it finished, its execution saved (read every second). Saved state: the workflow's static data in n8n's database after the poll (D16: at most 24 bytes a clicked link).`,
		];
	} finally {
		await sandbox.stop();
	}
}
