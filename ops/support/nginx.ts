import { type ChildProcess, spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { freePort } from "./free-port";
import { waitForOk } from "./wait-for";

/** deploy/nginx.conf inside a minimal main config, its upstream pointed at our ports. */
async function nginxConfig(dir: string, listen: number, upstreams: number[]): Promise<string> {
  const site = (await readFile("deploy/nginx.conf", "utf8"))
    .replace(/^\s*server app\d+:5000[^;]*;\n/gm, "")
    .replace(
      /upstream skyvantage \{\n/,
      `upstream skyvantage {\n${upstreams.map((port) => `  server 127.0.0.1:${port} max_fails=3 fail_timeout=5s;\n`).join("")}`,
    )
    .replace("listen 80;", `listen 127.0.0.1:${listen};`);
  return [
    // As root, workers would otherwise run as nobody and could not use this private folder.
    process.getuid?.() === 0 ? "user root;" : "",
    "daemon off;",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 1024; }",
    "http {",
    "  access_log off;",
    // nginx closes a client connection after 1,000 requests. The catalogue now answers ~15,000/s here,
    // so each of the 16 load connections hits that limit about once a second, and autocannon (unlike a
    // browser) sometimes writes its next request into the closing socket and counts an
    // ECONNRESET. That is the load generator, not a lost request: keep it out of the drain test.
    "  keepalive_requests 1000000;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((name) => `  ${name}_temp_path ${dir}/${name};`),
    site,
    "}",
  ].join("\n");
}

export interface Nginx {
  /** Where nginx listens, http://127.0.0.1:port. */
  url: string;
  process: ChildProcess;
}

/** Debian's nginx with the shipped deploy/nginx.conf in front of the given ports, once /api/health answers through it. */
export async function startNginx(dir: string, upstreamPorts: number[]): Promise<Nginx> {
  const listen = await freePort();
  await writeFile(path.join(dir, "nginx.conf"), await nginxConfig(dir, listen, upstreamPorts));
  const child = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${listen}`;
  if (!(await waitForOk(`${url}/api/health`, 30_000))) {
    child.kill("SIGKILL");
    throw new Error("nginx did not answer in time");
  }
  return { url, process: child };
}
