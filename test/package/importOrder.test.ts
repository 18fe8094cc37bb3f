/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The node's code is layered by concept (docs/architecture.md): each folder may import from the
 * folders below it and from its own, never from above, and no file imports itself through others.
 */
const NODE_DIR = path.resolve(__dirname, '../../nodes/LinkShortener');

/** Rank of each concept folder: a file may import a folder of lower rank, or its own. */
const RANK: Record<string, number> = {
	n8n: -1,
	fields: 0,
	http: 1,
	paging: 2,
	qr: 2,
	destinations: 2,
	batches: 3,
	links: 4,
	methods: 6,
	resources: 6,
	trigger: 6,
	'.': 7,
};

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

function importsOf(file: string): string[] {
	const text = fs.readFileSync(file, 'utf8');
	return [...text.matchAll(/from '(\.[^']+)'/g)].map((match) => {
		const target = path.resolve(path.dirname(file), match[1]);
		return fs.existsSync(`${target}.ts`) ? `${target}.ts` : path.join(target, 'index.ts');
	});
}

const folderOf = (file: string) =>
	path.relative(NODE_DIR, file).split(path.sep).slice(0, -1)[0] ?? '.';
const files = sourceFiles(NODE_DIR);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file: string) => path.relative(NODE_DIR, file);

describe('the import order of nodes/LinkShortener', () => {
	it('knows the rank of every folder', () => {
		expect(
			[...new Set(files.map(folderOf))].filter((folder) => RANK[folder] === undefined),
		).toEqual([]);
	});

	it('runs one way: resources, trigger and methods → links, analytics → batches → paging, destinations, qr → http → fields → n8n', () => {
		const upward = [...graph].flatMap(([file, targets]) =>
			targets
				.filter(
					(target) =>
						folderOf(target) !== folderOf(file) && RANK[folderOf(target)] >= RANK[folderOf(file)],
				)
				.map((target) => `${name(file)} → ${name(target)}`),
		);
		expect(upward).toEqual([]);
	});

	it('keeps each resource to itself: an operation imports no other resource’s files', () => {
		const resourceOf = (file: string) => /^resources\/([^/]+)\//.exec(name(file))?.[1];
		const across = [...graph].flatMap(([file, targets]) =>
			targets
				.filter(
					(target) =>
						resourceOf(file) && resourceOf(target) && resourceOf(target) !== resourceOf(file),
				)
				.map((target) => `${name(file)} → ${name(target)}`),
		);
		expect(across).toEqual([]);
	});

	it('has no import circles', () => {
		const circles: string[] = [];
		const state = new Map<string, 'open' | 'done'>();
		const visit = (file: string, trail: string[]) => {
			if (state.get(file) === 'done') return;
			if (state.get(file) === 'open') {
				circles.push([...trail.slice(trail.indexOf(file)), file].map(name).join(' → '));
				return;
			}
			state.set(file, 'open');
			for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
			state.set(file, 'done');
		};
		for (const file of files) visit(file, []);
		expect(circles).toEqual([]);
	});
});
