export declare const BUILD_INPUTS: string[];
export declare function sourceFingerprint(root?: string): string;
