/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development tooling, not loaded by n8n */
/**
 * A real npm registry on 127.0.0.1 for tests of n8n's Community Nodes panel: verdaccio (from
 * npm, installed into the cache on first use and run with the cached Node 24), its storage in
 * a temporary folder and no uplink, so nothing leaves the machine. `npmWrapper()` makes the
 * folder of an `npm` that n8n finds first on its PATH: n8n's installer always passes
 * `--registry=https://registry.npmjs.org` (and checks for updates on npm's default registry);
 * the wrapper points both here.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

import * as n8n from '../n8n';

const VERDACCIO = '6.10.4';

/** verdaccio installed into the cache (about 10 s and 65 MB the first time). */
export function ensureVerdaccio(): string {
	const dir = path.join(path.dirname(n8n.cacheDir()), `verdaccio-${VERDACCIO}`);
	const bin = path.join(dir, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
	if (fs.existsSync(path.join(dir, '.install-complete'))) return bin;
	fs.mkdirSync(dir, { recursive: true });
	// The npm registry lacks node-fetch's `cjs` dist-tag that one of verdaccio's packages asks for.
	const host = { name: 'verdaccio-host', private: true, overrides: { 'node-fetch@cjs': '2.7.0' } };
	fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(host));
	execFileSync(
		'npm',
		['install', `verdaccio@${VERDACCIO}`, '--no-audit', '--no-fund', '--ignore-scripts'],
		{
			cwd: dir,
			env: { ...process.env, PATH: `${n8n.layout().nodeBinDir}:${process.env.PATH}` },
			stdio: 'pipe',
		},
	);
	fs.writeFileSync(path.join(dir, '.install-complete'), VERDACCIO);
	return bin;
}

export class LocalRegistry {
	private constructor(
		readonly url: string,
		private readonly token: string,
		private readonly child: ChildProcess,
		private readonly dir: string,
	) {}

	static async start(): Promise<LocalRegistry> {
		const bin = ensureVerdaccio();
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-registry-'));
		const port = await n8n.getFreePort();
		const config = [
			`storage: ${path.join(dir, 'storage')}`,
			`auth:\n  htpasswd:\n    file: ${path.join(dir, 'htpasswd')}\n    max_users: 10`,
			'uplinks: {}',
			"packages:\n  '**':\n    access: $all\n    publish: $authenticated\n    unpublish: $authenticated",
			'log: { type: stdout, format: pretty, level: warn }',
		].join('\n');
		fs.writeFileSync(path.join(dir, 'config.yaml'), config);
		const child = spawn(
			n8n.layout().nodeBin,
			[bin, '--config', path.join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
			{
				stdio: 'ignore',
				detached: true,
			},
		);
		const url = `http://127.0.0.1:${port}`;
		for (
			const deadline = Date.now() + 60_000;
			;
			await new Promise((resolve) => setTimeout(resolve, 250))
		) {
			if (
				await fetch(`${url}/-/ping`).then(
					(r) => r.ok,
					() => false,
				)
			)
				break;
			if (Date.now() > deadline || child.exitCode !== null)
				throw new Error(`verdaccio did not start on ${url}`);
		}
		const user = await fetch(`${url}/-/user/org.couchdb.user:tests`, {
			method: 'PUT',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ name: 'tests', password: 'tests-password' }),
		});
		const { token } = (await user.json()) as { token: string };
		return new LocalRegistry(url, token, child, dir);
	}

	/** `npm publish` of a packed tarball to this registry. */
	publish(tarball: string): void {
		const host = this.url.replace(/^http:/, '');
		execFileSync(
			'npm',
			[
				'publish',
				tarball,
				`--registry=${this.url}/`,
				`--${host}/:_authToken=${this.token}`,
				'--ignore-scripts',
			],
			{
				cwd: this.dir,
				stdio: 'pipe',
			},
		);
	}

	/** Publishes a packed tarball again under another version: the next release, for update tests. */
	publishAs(tarball: string, version: string): void {
		const work = fs.mkdtempSync(path.join(this.dir, 'repack-'));
		execFileSync('tar', ['-xzf', tarball, '-C', work]);
		const manifest = path.join(work, 'package', 'package.json');
		fs.writeFileSync(
			manifest,
			JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), version }, null, 2),
		);
		const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', work], {
			cwd: path.join(work, 'package'),
			encoding: 'utf8',
		})
			.trim()
			.split('\n')
			.pop() as string;
		this.publish(path.join(work, packed));
	}

	/** A folder holding an `npm` that sends every registry request here and runs the real npm. */
	npmWrapper(): string {
		const realNpm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
		const folder = path.join(this.dir, 'bin');
		fs.mkdirSync(folder, { recursive: true });
		const script = `#!/bin/sh
# n8n's installer passes --registry=https://registry.npmjs.org, and "npm outdated" uses npm's
# default registry: send both to ${this.url} instead.
export npm_config_registry="${this.url}/"
for arg; do
  shift
  case "$arg" in
    --registry=*) set -- "$@" "--registry=${this.url}/" ;;
    *) set -- "$@" "$arg" ;;
  esac
done
exec "${realNpm}" "$@"
`;
		fs.writeFileSync(path.join(folder, 'npm'), script, { mode: 0o755 });
		return folder;
	}

	async stop(): Promise<void> {
		if (this.child.pid && this.child.exitCode === null) {
			try {
				process.kill(-this.child.pid, 'SIGTERM');
			} catch {
				this.child.kill('SIGTERM');
			}
		}
		fs.rmSync(this.dir, { recursive: true, force: true });
	}
}
