import { describe, expect, it } from "vitest";
import { releaseBanner, withBanner } from "../../build/release-banner.ts";

describe("the release banner", () => {
  it("is the first line of a file, or the second after a #! line, which must stay first to run", () => {
    expect(withBanner("export {};\n", "1.2.3")).toBe("/*! cap-chat 1.2.3 | MIT */\nexport {};\n");
    expect(withBanner("#!/usr/bin/env node\nimport x from 'y';\n", "1.2.3")).toBe(
      `#!/usr/bin/env node\n${releaseBanner("1.2.3")}import x from 'y';\n`,
    );
  });
});
