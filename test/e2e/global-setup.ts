/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
/**
 * Once per e2e run: make sure the cached real n8n exists (installs it on first use, ~6 min),
 * then build and `npm pack` the package (its path goes to the tests via E2E_TARBALL), and
 * migrate one user folder's database for every suite to copy (E2E_USER_FOLDER_TEMPLATE).
 * E2E_TARBALL=<path to .tgz> (already set) skips building and packing.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as n8n from '../../dev/n8n';

export default async function globalSetup(): Promise<void> {
	const started = Date.now();
	process.stdout.write('\n[e2e] ensuring the cached n8n install...\n');
	await n8n.ensureN8n();
	const preset = process.env.E2E_TARBALL;
	if (preset) {
		if (!fs.existsSync(preset)) throw new Error(`E2E_TARBALL=${preset} does not exist`);
		process.stdout.write(`[e2e] using the tarball from E2E_TARBALL: ${preset}\n`);
	} else {
		process.stdout.write('[e2e] npm run build + npm pack...\n');
		process.env.E2E_TARBALL = n8n.packPackage({ stdio: 'pipe' });
		// global-teardown.ts deletes the temporary pack folder
		process.env.E2E_PACK_DIR_TO_REMOVE = path.dirname(process.env.E2E_TARBALL);
		process.stdout.write(`[e2e] packed ${process.env.E2E_TARBALL}\n`);
	}
	// Every suite's user folder starts as a copy of one whose database n8n has already migrated.
	const template = n8n.makeUserFolder('n8n-e2e-template-');
	const ports = { brokerPort: await n8n.getFreePort(), port: await n8n.getFreePort() };
	await n8n.importWorkflows(n8n.n8nEnv({ userFolder: template, ...ports }), []);
	process.env.E2E_USER_FOLDER_TEMPLATE = template;
	const manifest = n8n.readTarballManifest(process.env.E2E_TARBALL as string);
	process.stdout.write(
		`[e2e] ${manifest.name}@${manifest.version}: nodes ${JSON.stringify(manifest.n8n?.nodes ?? [])}, credentials ${JSON.stringify(manifest.n8n?.credentials ?? [])}\n`,
	);
	process.stdout.write(`[e2e] setup done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
