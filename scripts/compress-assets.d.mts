/** Writes `file.br` and `file.gz` beside every compressible file of `dir`; answers how many files. */
export function compressAssets(dir: string): number;
