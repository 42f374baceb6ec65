// Renders the app's icons to PNG (192 and 512 px, plain and maskable) from
// their SVG sources with the test browser. The PNGs are committed; run this
// again after changing an SVG: `node src/pwa/icons.mjs`.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launchBrowser } from "../../tests/e2e/browser.mjs";

const icons = join(dirname(fileURLToPath(import.meta.url)), "icons");
const browser = await launchBrowser();
for (const [source, stem] of [
  ["icon.svg", "icon"],
  ["icon-maskable.svg", "icon-maskable"],
]) {
  const svg = readFileSync(join(icons, source), "utf8");
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({ path: join(icons, `${stem}-${size}.png`), omitBackground: true });
    await page.close();
  }
}
await browser.close();
