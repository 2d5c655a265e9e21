import path from "node:path";
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";

const root = path.resolve(import.meta.dirname, "..");

/**
 * A function that lints `code` as the file at `file` (relative to the repository) with only
 * `config` (and the TypeScript parser), and returns its messages as "rule: message".
 */
export function lintTextWith(config: Linter.Config) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ["**/*.{ts,tsx}"], languageOptions: { parser: tseslint.parser } },
      config,
    ],
  });
  return async (file: string, code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };
}
