/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type {
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';

import { LinkShortener } from '../../nodes/LinkShortener/LinkShortener.node';
import { LinkShortenerTrigger } from '../../nodes/LinkShortener/LinkShortenerTrigger.node';
import { DOCUMENTED_CATEGORIES } from '../helpers/codexCategories';

const NODES_DIR = join(__dirname, '..', '..', 'nodes');
const main = new LinkShortener().description;
const trigger = new LinkShortenerTrigger().description;

type Described = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/** Every parameter, including those inside collections and fixed collections. */
function allParameters(properties: Described[]): INodeProperties[] {
	return properties.flatMap((entry) => {
		if ('type' in entry) return [entry, ...allParameters((entry.options ?? []) as Described[])];
		if ('values' in entry) return allParameters(entry.values);
		return [];
	});
}

const operations = main.properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) => (property.options ?? []) as INodePropertyOptions[]);

/** The fields a user (or an AI agent) fills in: not selectors, groups or notices. */
const inputFields = allParameters(main.properties).filter(
	(property) =>
		!['resource', 'operation'].includes(property.name) &&
		!['collection', 'fixedCollection', 'notice'].includes(property.type),
);

function codexOf(folder: string, file: string) {
	return JSON.parse(readFileSync(join(NODES_DIR, folder, file), 'utf8')) as {
		node: string;
		categories: string[];
		alias: string[];
		resources: Record<string, Array<{ url: string }>>;
	};
}

describe('Link Shortener node: texts for the editor and for AI agents', () => {
	it('can be used as an AI tool and names its operation in the subtitle', () => {
		expect(main.usableAsTool).toBe(true);
		expect(main.subtitle).toContain('$parameter["operation"]');
	});

	it.each(operations.map((operation) => [operation.value, operation]))(
		'operation %s says what it does and names its action',
		(_value, operation) => {
			expect(operation.description).toMatch(/^[A-Z].{15,}/);
			expect(operation.action).toMatch(/^[A-Z]/);
		},
	);

	it('calls its list operations "Get Many"', () => {
		const getMany = operations.filter((operation) => operation.value === 'getMany');
		expect(getMany.length).toBe(2);
		for (const operation of getMany) {
			expect(operation.name).toBe('Get Many');
			expect(operation.action).toMatch(/^Get many /);
		}
	});

	it.each(inputFields.map((field) => [field.name, field.displayName, field]))(
		'field %s ("%s") has a description',
		(_name, _displayName, field) => {
			expect(field.description ?? '').not.toBe('');
		},
	);

	it('starts every boolean description with "Whether"', () => {
		for (const field of inputFields.filter((property) => property.type === 'boolean')) {
			expect(field.description).toMatch(/^Whether /);
		}
	});

	it('defaults Limit to 50', () => {
		const limits = inputFields.filter((field) => field.name === 'limit');
		expect(limits.length).toBe(2);
		for (const limit of limits)
			expect(limit).toMatchObject({ default: 50, typeOptions: { minValue: 1 } });
	});

	it('says where the API constrains a value', () => {
		const domain = inputFields.find((field) => field.name === 'domain');
		expect(domain?.description).toMatch(/verified/);
		const batchSizes = inputFields.filter((field) => field.name === 'batchSize');
		expect(batchSizes.some((field) => /10,000/.test(field.description ?? ''))).toBe(true);
	});
});

describe('Link Shortener Trigger: description', () => {
	it('is a polling trigger on the same credential, with the events of the contract, newLink by default', () => {
		expect(trigger).toMatchObject({
			name: 'linkShortenerTrigger',
			group: ['trigger'],
			polling: true,
			inputs: [],
			credentials: [{ name: 'linkShortenerApi', required: true }],
		});
		expect(trigger.usableAsTool).toBeUndefined();
		const event = trigger.properties.find((property) => property.name === 'event');
		expect(event).toMatchObject({ type: 'options', default: 'newLink' });
		expect((event?.options as INodePropertyOptions[]).map((option) => option.value)).toEqual([
			'dayCompleted',
			'linkClicked',
			'destinationBroken',
			'clickMilestone',
			'newLink',
		]);
		const field = (name: string) => trigger.properties.find((property) => property.name === name);
		const onlyFor = { displayOptions: { show: { event: ['destinationBroken'] } } };
		expect(field('linksPerPoll')).toMatchObject({
			type: 'number',
			default: 200,
			typeOptions: { minValue: 1, maxValue: 2000 },
			...onlyFor,
		});
		expect(field('confirmations')).toMatchObject({
			type: 'number',
			default: 2,
			typeOptions: { minValue: 1, maxValue: 5 },
			...onlyFor,
		});
		expect(field('notifyRecovery')).toMatchObject({ type: 'boolean', default: false, ...onlyFor });
	});

	it('has its own light and dark icons', () => {
		const icon = trigger.icon as { light: string; dark: string };
		const files = [icon.light, icon.dark].map((reference) =>
			join(NODES_DIR, 'LinkShortener', reference.replace(/^file:/, '')),
		);
		for (const file of files) expect(existsSync(file)).toBe(true);
		const [light, dark] = files.map((file) => readFileSync(file, 'utf8'));
		expect(light).not.toBe(dark);
		expect(light).not.toBe(
			readFileSync(join(NODES_DIR, 'LinkShortener', 'linkShortener.svg'), 'utf8'),
		);
	});
});

describe.each([
	['LinkShortener', 'LinkShortener.node.json', main],
	['LinkShortener', 'LinkShortenerTrigger.node.json', trigger],
] as Array<[string, string, INodeTypeDescription]>)('codex %s', (folder, file, description) => {
	const codex = codexOf(folder, file);

	it('names its node, categories, aliases and documentation', () => {
		expect(codex.node).toBe(`n8n-nodes-link-shortener.${description.name}`);
		expect(codex.categories.length).toBeGreaterThan(0);
		expect(
			codex.categories.filter((category) => !DOCUMENTED_CATEGORIES.includes(category)),
		).toEqual([]);
		expect(codex.alias).toEqual(expect.arrayContaining(['url shortener', 'short link']));
		expect(codex.resources.primaryDocumentation[0].url).toMatch(/^https:\/\//);
		expect(codex.resources.credentialDocumentation[0].url).toMatch(/^https:\/\//);
	});
});
