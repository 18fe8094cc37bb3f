/**
 * n8n/itemField.ts reads a parameter that is exactly `{{ $json.<field> }}` from the input item
 * instead of through n8n's expression engine. Pinned here in real n8n: the same rows give the
 * same output with that form and with an expression n8n evaluates (`{{ $json.<field> ?? … }}`,
 * which takes the engine's path), for Check Destination's URL and Create Many's Rows.
 */
import { nodeItems } from '../../dev/n8n';
import { Destinations } from '../../dev/destinations/server';
import { useN8nSuite } from './harness';
import { INPUT_NODE, LINK_NODE, linkWorkflow, rowsCode } from './workflows';

/** Rows whose URL is a page, missing, a number, blank, or not a URL. */
const urlRows = (port: number) =>
	rowsCode([
		{ longUrl: `http://127.0.0.1:${port}/ok` },
		{ other: 'no longUrl' },
		{ longUrl: 42 },
		{ longUrl: '  ' },
		{ longUrl: 'not a url' },
	]);
const check = (name: string, url: string) =>
	linkWorkflow(
		name,
		{ resource: 'link', operation: 'checkDestination', url },
		{
			inputCode: 'return [];',
			onError: 'continueRegularOutput',
		},
	);
const urlDirect = check('field: url direct', '={{ $json.longUrl }}');
const urlEvaluated = check('field: url evaluated', '={{ $json.longUrl ?? undefined }}');

// Before the suite imports the workflows: the pages' port is known only once they listen.
let pages: Destinations;
beforeAll(async () => {
	pages = await Destinations.start();
	for (const workflow of [urlDirect, urlEvaluated]) {
		const input = workflow.nodes.find((node) => node.name === INPUT_NODE)!;
		input.parameters = { ...input.parameters, jsCode: urlRows(pages.port) };
	}
});
afterAll(async () => await pages?.stop());

const suite = useN8nSuite();
const direct = suite.workflow(urlDirect);
const evaluated = suite.workflow(urlEvaluated);

const lists = {
	links: [
		{ longUrl: 'https://shop.example.com/a', title: 'A' },
		{ 'Long URL': 'https://shop.example.com/b', Tags: 'x, y' },
	],
};
const createMany = (rows: string) => ({
	resource: 'bulk',
	operation: 'createMany',
	mappingMode: 'jsonRows',
	rows,
});
const listDirect = suite.workflow(
	linkWorkflow('field: rows direct', createMany('={{ $json.links }}'), { rows: [lists] }),
);
const listEvaluated = suite.workflow(
	linkWorkflow('field: rows evaluated', createMany('={{ $json.links ?? [] }}'), { rows: [lists] }),
);

const withoutTimes = (items: Array<Record<string, unknown>>) =>
	items.map((item) => {
		const destination = item.destination as Record<string, unknown> | undefined;
		return destination ? { ...item, destination: { ...destination, ms: 0 } } : item;
	});

test("Check Destination's URL: the field read directly gives what n8n's evaluation gives, row by row", async () => {
	const first = withoutTimes(nodeItems(await suite.executeOk(direct), LINK_NODE));
	const second = withoutTimes(nodeItems(await suite.executeOk(evaluated), LINK_NODE));

	expect(first).toEqual(second);
	expect(
		first.map((item) =>
			item.destination ? (item.destination as { problem: string | null }).problem : 'error',
		),
	).toEqual([null, 'error', 'error', 'error', 'invalidUrl']);
});

test("Create Many's Rows: the list read directly creates what n8n's evaluation creates", async () => {
	const strip = (items: Array<Record<string, unknown>>) =>
		items.map(({ longUrl, title, tags }) => ({ longUrl, title, tags }));
	const first = strip(nodeItems(await suite.executeOk(listDirect), LINK_NODE));
	const second = strip(nodeItems(await suite.executeOk(listEvaluated), LINK_NODE));

	expect(first).toEqual(second);
	expect(first.map((link) => link.longUrl)).toEqual([
		'https://shop.example.com/a',
		'https://shop.example.com/b',
	]);
});
