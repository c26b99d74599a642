// Mantine's PostCSS preset: mixins and rem() for component styles.
/* global module */
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
