/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { LiveTrigger } from '../../dev/engine/liveTrigger';
import type { WorkflowInput } from '../../dev/engine/engine';
import { SEEDED } from '../../dev/sandbox/server';
import { Destinations } from '../../dev/destinations/server';
import { linksToPages } from '../helpers/localPages';
import { TRIGGER_TYPE, useLinkShortener } from '../helpers/fixture';

const DIR = join(__dirname, '..', '..', 'examples', 'triggers');
const files = readdirSync(DIR).filter((file) => file.endsWith('.json'));
const [spring] = SEEDED.ownLinks;

/** The fields of the trigger's item that the workflow's expressions read (`$json.<field>`). */
function fieldsRead(workflow: WorkflowInput): string[] {
	const text = JSON.stringify(workflow.nodes.filter((node) => node.type !== TRIGGER_TYPE));
	return [...new Set([...text.matchAll(/\$json\.(\w+)/g)].map((match) => match[1]))].sort();
}

describe('Trigger example workflows (examples/triggers)', () => {
	const fx = useLinkShortener();
	let pages: Destinations;
	beforeAll(async () => {
		pages = await Destinations.start();
	});
	afterAll(async () => await pages?.stop());

	it('are the documented examples', () => {
		expect(files.sort()).toEqual([
			'broken-link-monitor.json',
			'click-milestone-alert.json',
			'daily-clicks-per-link.json',
		]);
		const readme = readFileSync(join(DIR, '..', 'README.md'), 'utf8');
		for (const file of files) expect(readme).toContain(`triggers/${file}`);
	});

	it.each(files)(
		'%s: its trigger emits, after clicks, items with every field the workflow reads',
		async (file) => {
			const workflow = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as WorkflowInput;
			const [trigger] = workflow.nodes.filter((node) => node.type === TRIGGER_TYPE);
			expect(trigger.credentials).toEqual({
				linkShortenerApi: { id: 'sandbox-credential', name: 'Link Shortener Sandbox' },
			});
			const parameters: INodeParameters = { ...trigger.parameters };
			delete parameters.pollTimes;
			// The monitor hears of the broken page at activation; the click events, of the clicks after it.
			const monitor = parameters.event === 'destinationBroken';
			if (monitor) linksToPages(fx.sandbox, pages, ['/ok', '/status/404']);
			const live = new LiveTrigger(fx, { parameters });
			await live.activate();
			if (!monitor) fx.sandbox.addClicks(spring.id, 1_000);
			await live.poll();

			expect(live.items).toHaveLength(1);
			const item: IDataObject = live.items[0];
			for (const field of fieldsRead(workflow))
				expect({ field, value: item[field] }).toEqual({
					field,
					value: expect.anything(),
				});
		},
	);
});
