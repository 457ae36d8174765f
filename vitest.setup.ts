import { configure } from '@testing-library/dom';

// CI shares two cores between the server and the component suites; testing-library's default of 1 s
// for findBy*/waitFor is shorter than a React render plus a mocked fetch under that load.
configure({ asyncUtilTimeout: 10_000 });
