/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/**
 * npm run bench: how fast and how large, through n8n's engine against the sandbox; never part of
 * the tests. Sections (all by default; --only=... picks some, --quick makes them small):
 * - bulk: Bulk > Create Many / Update Many (both mapping modes) and Return All, next to a plain
 *   fetch script and n8n's own expression cost (bench/bulkSection.ts);
 * - network: Return All with a page cap and 0 / 50 ms latency, next to plain scripts fetching
 *   the same pages one at a time and concurrently, and n8n's HTTP Request node (bench/network.ts);
 * - memory: Return All of 100,000 links, peak RSS (bench/memory.ts);
 * - qr: QR codes for short URLs beside the qrcode package, time and bytes, PNG and SVG (dev/qr/bench.ts);
 * - trigger: a 25,001-link import then 3 links, list requests beside the minimum (bench/triggerSection.ts);
 * - sync: Sync Many of an unchanged 10,000-row sheet beside Get Many + Update Many (bench/syncSection.ts);
 * - clicks: a Link Clicked poll over 100,000 clicked links beside a plain script (bench/clicksSection.ts);
 * - n8n: Return All in real n8n (`n8n execute`) beside the HTTP Request node and the plain script (bench/realN8nSection.ts);
 * - destinations: Check Destination of 2,000 slow pages in real n8n beside a plain script and the HTTP Request node (bench/destinationsSection.ts);
 * - scale: Export of 10,000 and 1,000,000 links in real n8n, n8n's peak RSS, beside a plain script; Get Many of 200,000 (bench/scaleSection.ts).
 * Each measured job runs in a child process of its own (warmed up, then measured in turns with
 * the jobs it is compared with).
 */
import { sections, USAGE } from './bench/args';
import { bulkSection } from './bench/bulkSection';
import { clicksSection } from './bench/clicksSection';
import { destinationsSection } from './bench/destinationsSection';
import { memoryLine } from './bench/memory';
import { networkRows } from './bench/network';
import { networkNotes, networkTable } from './bench/networkTable';
import { qrLines } from './bench/qr';
import { realN8nSection } from './bench/realN8nSection';
import { scaleSection } from './bench/scaleSection';
import { syncSection } from './bench/syncSection';
import { triggerSection } from './bench/triggerSection';

async function networkSection(): Promise<string> {
	const rows = await networkRows();
	return `${networkTable(rows)}\n\n${networkNotes(rows[0]?.concurrency ?? 1)}`;
}

const RUN = {
	bulk: bulkSection,
	network: networkSection,
	memory: memoryLine,
	qr: async () => qrLines(),
	trigger: triggerSection,
	sync: syncSection,
	clicks: clicksSection,
	n8n: realN8nSection,
	destinations: destinationsSection,
	scale: scaleSection,
};

async function main(): Promise<void> {
	if (process.argv.includes('--help')) return void process.stdout.write(`${USAGE}\n`);
	const started = performance.now();
	for (const section of sections()) {
		process.stderr.write(`${section}...\n`);
		process.stdout.write(`\n## ${section}\n\n${await RUN[section]()}\n`);
	}
	process.stderr.write(`\nbench: ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

main().catch((error) => {
	process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
	process.exit(1);
});
