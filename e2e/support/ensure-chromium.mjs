/**
 * Makes sure the end-to-end suite has a Chromium: Debian's /usr/bin/chromium, else one installed by
 * Playwright. When neither exists it installs Debian's package (as root, with apt-get), else Playwright's
 * build, and otherwise stops with the exact command to run.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const debianChromium = "/usr/bin/chromium";

function playwrightChromium() {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function found() {
  if (existsSync(debianChromium)) return debianChromium;
  return playwrightChromium();
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

function hasAptGet() {
  try {
    execFileSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

if (found()) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && hasAptGet()) {
  console.log("No Chromium found: installing Debian's chromium.");
  if (run("apt-get", ["update"]) && run("apt-get", ["install", "-y", "chromium"]) && found()) process.exit(0);
}

console.log("No Chromium found: installing Playwright's Chromium.");
if (run("npx", ["playwright", "install", "chromium"]) && found()) process.exit(0);

console.error(
  "No Chromium is available for the end-to-end tests. Install one with either:\n" +
    "  sudo apt-get update && sudo apt-get install -y chromium\n" +
    "  npx playwright install chromium",
);
process.exit(1);
