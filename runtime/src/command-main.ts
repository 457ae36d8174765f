import { exitOnFailure, runService } from './service-main';

runService('command-service', { commands: true, queries: false }).catch(exitOnFailure);
