/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * The code n8n loads (nodes/ and credentials/) passes n8n's linter and the community-package
 * rules as it is: no file there turns a rule off.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const REPO = path.resolve(__dirname, '..', '..');

function filesUnder(dir: string): string[] {
	return fs.readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
		const relative = path.posix.join(dir, entry.name);
		return entry.isDirectory() ? filesUnder(relative) : [relative];
	});
}

const loadedByN8n = [...filesUnder('nodes'), ...filesUnder('credentials')];

test('the files n8n loads are all read: both nodes and the credential among them', () => {
	expect(loadedByN8n).toEqual(
		expect.arrayContaining([
			'nodes/LinkShortener/LinkShortener.node.ts',
			'nodes/LinkShortener/LinkShortenerTrigger.node.ts',
			'credentials/LinkShortenerApi.credentials.ts',
		]),
	);
});

test('no file under nodes/ or credentials/ disables a lint rule', () => {
	const withDisables = loadedByN8n.filter((file) =>
		fs.readFileSync(path.join(REPO, file), 'utf8').includes('eslint-disable'),
	);
	expect(withDisables).toEqual([]);
});

test("the lint config is n8n's own, as n8n-node lint's strict mode requires", () => {
	const words = (file: string) => fs.readFileSync(file, 'utf8').replace(/\s+/g, ' ').trim();
	const template = path.join(
		REPO,
		'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
	);
	expect(words(path.join(REPO, 'eslint.config.mjs'))).toBe(words(template));
});
