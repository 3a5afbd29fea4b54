export * from './categories';
export * from './category-rules';
export * from './classifier';
export * from './locations';
export * from './money';
export * from './numerology';
export * from './pricing';
export * from './validators';
