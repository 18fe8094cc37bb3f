// Runs n8n's community-package scanner offline: on the source tree, as the publish-time scan
// does on the provenance-attested checkout, and on the packed tarball that users install.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = mkdtempSync(path.join(tmpdir(), 'link-shortener-scan-'));

function report(label, result) {
	console.log(`${label}: ${result.passed ? 'passed' : `FAILED (${result.message})`}`);
	if (result.details) console.log(result.details);
	return result.passed;
}

try {
	const sourcePassed = report('Source tree', await analyzePackage(root, SOURCE_FILE_PATTERNS));

	const [packed] = JSON.parse(
		execFileSync('npm', ['pack', '--json', '--pack-destination', work], {
			cwd: root,
			encoding: 'utf8',
		}),
	);
	execFileSync('tar', ['-xzf', path.join(work, packed.filename), '-C', work]);
	console.log(`Packed ${packed.filename}: ${packed.entryCount} files, ${packed.size} bytes`);
	const { n8n } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
	const missing = [...n8n.nodes, ...n8n.credentials].filter(
		(file) => !existsSync(path.join(work, 'package', file)),
	);
	if (missing.length)
		throw new Error(`The tarball lacks ${missing.join(', ')}: run npm run build first`);
	const tarballPassed = report(
		'Packed tarball',
		await analyzePackage(path.join(work, 'package'), ['**/*.js', 'package.json']),
	);

	process.exitCode = sourcePassed && tarballPassed ? 0 : 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
