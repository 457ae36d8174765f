import { exitOnFailure, runService } from './service-main';

runService('projection-service', { commands: false, queries: true }).catch(exitOnFailure);
