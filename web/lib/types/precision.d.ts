// Number formats (issue 36 SPEC "Precision"): each value rounded to the
// nearest the format holds, ties to even, subnormals kept.
export type NumberFormat = 'float64' | 'float32' | 'float16' | 'bfloat16' | 'e4m3' | 'e5m2';
export interface RoundToFormatOptions {
  /** Overflow to +-max instead of +-Infinity (e4m3 always saturates: it has no Infinity). Default false. */
  saturate?: boolean;
}
export interface FormatInfo {
  bits: number; exponentBits: number;
  /** Stored fraction bits (the precision is one more). */ mantissaBits: number;
  /** Largest finite value (float16 65504, e4m3 448). */ max: number;
  minNormal: number; minSubnormal: number;
  /** 2^-mantissaBits: the gap after 1. */ epsilon: number;
  hasInfinity: boolean;
  /** ln(max): exp(x) overflows above it (11.09 for float16). */ expOverflow: number;
}
export interface SoftmaxInFormatOptions {
  /** Required: the format of z, the shifted scores, the exps and the weights. */ format: NumberFormat;
  /** The running sum's format, rounded after each add. Default: format. */ sumFormat?: NumberFormat;
  /** Subtract the max first (default true); false is the naive softmax. */ subtractMax?: boolean;
}
export interface SoftmaxInFormat {
  /** z - max (or z), rounded. */ shifted: number[];
  /** exp(shifted), rounded. */ exps: number[];
  /** sums[i]: the running sum after element i, rounded to sumFormat. */ sums: number[];
  /** exps / the last sum, rounded: NaN where IEEE arithmetic gives it (Infinity / Infinity). */ weights: number[];
}
export interface AttnLabApi {
  /** x rounded to the format (NaN and +-Infinity allowed): same shape back. */
  roundToFormat(x: number, format: NumberFormat, options?: RoundToFormatOptions): number;
  roundToFormat(x: Matrix, format: NumberFormat, options?: RoundToFormatOptions): number[][];
  roundToFormat(x: Vector, format: NumberFormat, options?: RoundToFormatOptions): number[];
  /** The format's parameters. */
  formatInfo(format: NumberFormat): FormatInfo;
  /** Softmax step by step with every result rounded to a format. */
  softmaxInFormat(z: Vector, options: SoftmaxInFormatOptions): SoftmaxInFormat;
}
