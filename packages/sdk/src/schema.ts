// Generated from /api/v1/openapi.json by `npm run sdk:generate` (scripts/generate-sdk.ts). Do not edit.

export interface paths {
    "/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers
         * @description Oldest change first, in pages; pass next_cursor as cursor until it is null. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create one of the customers
         * @description Needs the Enterprise plan and a key with write access.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the customers
         * @description Needs the Business plan or higher and a key with read access.
         */
        get: operations["getCustomer"];
        /**
         * Replace one of the customers
         * @description Needs the Enterprise plan and a key with write access.
         */
        put: operations["updateCustomer"];
        post?: never;
        /**
         * Delete one of the customers
         * @description Needs the Enterprise plan and a key with write access.
         */
        delete: operations["deleteCustomer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List policies
         * @description Oldest change first, in pages; pass next_cursor as cursor until it is null. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listPolicies"];
        put?: never;
        /**
         * Create one of the policies
         * @description Needs the Enterprise plan and a key with write access.
         */
        post: operations["createPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the policies
         * @description Needs the Business plan or higher and a key with read access.
         */
        get: operations["getPolicy"];
        /**
         * Replace one of the policies
         * @description Needs the Enterprise plan and a key with write access.
         */
        put: operations["updatePolicy"];
        post?: never;
        /**
         * Delete one of the policies
         * @description Needs the Enterprise plan and a key with write access.
         */
        delete: operations["deletePolicy"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/communications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List communications
         * @description Oldest change first, in pages; pass next_cursor as cursor until it is null. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listCommunications"];
        put?: never;
        /**
         * Create one of the communications
         * @description Needs the Enterprise plan and a key with write access.
         */
        post: operations["createCommunication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/communications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one of the communications
         * @description Needs the Business plan or higher and a key with read access.
         */
        get: operations["getCommunication"];
        /**
         * Log a correction of a communication (deprecated: POST …/corrections)
         * @deprecated
         * @description Does not change the entry: logs a correction, a new entry with corrects_id set to it, and answers it with 200 (kept for existing clients; new ones use POST /communications/{id}/corrections, which answers 201). Needs the Enterprise plan and a key with write access.
         */
        put: operations["updateCommunication"];
        post?: never;
        /**
         * Communications cannot be deleted
         * @deprecated
         * @description The log is append-only: this answers 409 APPEND_ONLY for an entry of this agency (404 otherwise). Log a correction instead.
         */
        delete: operations["deleteCommunication"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/communications/{id}/corrections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log a correction of a communication
         * @description The log is append-only: the entry stays, and a new one with corrects_id set to it is logged and returned. Needs the Enterprise plan and a key with write access.
         */
        post: operations["correctCommunication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The change feed
         * @description Every created, updated and deleted customer, policy, communication, task, opportunity, document, premium payment, portal request, commission schedule rate and policy own rate of the agency, in commit order: apply each entry in turn (data: upsert; null: delete) and your copy equals the agency's. Entries appear once the change has committed and every transaction that began before it has ended, so a cursor never skips one. Each key sees the entities its scopes may read.
         */
        get: operations["listChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tasks */
        get: operations["listTasks"];
        put?: never;
        /** Create a task */
        post: operations["createTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a task */
        get: operations["getTask"];
        /** Replace a task */
        put: operations["updateTask"];
        post?: never;
        /** Delete a task */
        delete: operations["deleteTask"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/team-members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The agency's members (read only), for assignee ids */
        get: operations["listTeamMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Expected against received commission per term (the reconciliation), 50 a page */
        get: operations["listCommissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commissions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One term's commission (by its policy id) */
        get: operations["getCommission"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The imported carrier statements, newest first */
        get: operations["listStatements"];
        put?: never;
        /**
         * Import a carrier statement (CSV or .xlsx): matched to the book as on the Commissions page
         * @description Needs the Enterprise plan and a key with write access. A multipart form: `carrier`, `period` (YYYY-MM), then `file`. Columns are mapped by their headers, or by the carrier's mapping saved at its last import; `mapping` (JSON: field → column index) maps them explicitly. Every line is matched on the policy number (case, spaces and dashes ignored), then on insured name and premium; lines that cannot be read are kept in the statement's failures and nothing else is half-applied. The same file imported before (and not undone) is refused with a 409 unless `confirm` is `true`. Sends the `statement.imported` and `commission.reconciled` webhooks.
         */
        post: operations["createStatement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/statements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One imported carrier statement */
        get: operations["getStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List opportunities
         * @description Oldest change first, in pages; pass next_cursor as cursor until it is null. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listOpportunities"];
        put?: never;
        /**
         * Create an opportunity
         * @description For a customer (customer_id) or a prospect (prospect_name). It starts in new_lead, contacted or quoted; won and lost are stage moves. Needs the Enterprise plan and a key with write access.
         */
        post: operations["createOpportunity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an opportunity, with its stage history
         * @description Needs the Business plan or higher and a key with read access.
         */
        get: operations["getOpportunity"];
        /**
         * Replace an opportunity
         * @description A changed open stage is recorded as a move; a won opportunity keeps its customer. Needs the Enterprise plan and a key with write access.
         */
        put: operations["updateOpportunity"];
        post?: never;
        /**
         * Delete an opportunity
         * @description Its tasks stay, unlinked; a customer it was converted into stays. Needs the Enterprise plan and a key with write access.
         */
        delete: operations["deleteOpportunity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/opportunities/{id}/stage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move an opportunity to a stage
         * @description Any stage; lost needs lost_reason. Won converts a prospect into a customer (the customer with its e-mail, or a new one: the key then needs customers: write too) and is final (409 WON_IS_FINAL). Needs the Enterprise plan and a key with write access.
         */
        post: operations["moveOpportunityStage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The renewals cockpit
         * @description The terms to renew by bucket (days left), their counts and premium, and the retention figures; paged by page number. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listRenewals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/renew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Renew a term
         * @description Creates the next term (it starts when this one ends; this one becomes renewed). 409 when it is already renewed or lost. Needs the Enterprise plan and a key with write access.
         */
        post: operations["renewPolicy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/lost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a renewal lost
         * @description With the reason and an optional note. Needs the Enterprise plan and a key with write access.
         */
        post: operations["markRenewalLost"];
        /**
         * Undo a lost renewal
         * @description The term goes back to the state it had. Needs the Enterprise plan and a key with write access.
         */
        delete: operations["undoRenewalLost"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the renewal state
         * @description not_started, contacted or quoted; renewed and lost come from the actions. Needs the Enterprise plan and a key with write access.
         */
        put: operations["setRenewalState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals/{id}/assignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Assign a term
         * @description To a member of the agency (GET /team-members). Needs the Enterprise plan and a key with write access.
         */
        put: operations["assignRenewal"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/customers/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's timeline
         * @description Communications, tasks, opportunities, policies and documents of one customer, newest first; pass next_cursor as cursor until it is null. Needs customers: read; each kind of entry appears when the key may read it. Needs the Business plan or higher and a key with read access.
         */
        get: operations["getCustomerTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/premium-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List premium payments
         * @description The agency's premium payments, oldest change first, in pages; pass next_cursor as cursor until it is null. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listPremiumPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/policies/{id}/premium-payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A policy's premium payments
         * @description Newest payment date first, in one page (next_cursor is always null). Needs the Business plan or higher and a key with read access.
         */
        get: operations["listPolicyPremiumPayments"];
        put?: never;
        /**
         * Record a premium payment
         * @description A client's premium payment on this policy, with its receipts, as multipart/form-data (the web form's fields; the policy is the path's). An Idempotency-Key replays the first answer to a retry with the same fields and files. Needs the Enterprise plan and a key with write access.
         */
        post: operations["recordPolicyPremiumPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/premium-payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a premium payment
         * @description A payment recorded by mistake, with its receipts' links (premium_payment.deleted). Needs the Enterprise plan and a key with write access.
         */
        delete: operations["deletePremiumPayment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List documents
         * @description The documents not in the Trash, oldest change first, in pages; pass next_cursor as cursor until it is null. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listDocuments"];
        put?: never;
        /**
         * Upload a document
         * @description A multipart/form-data upload of one file into a customer or a policy, checked as the Documents card checks it: the type from the bytes, the size, and the agency's storage quota (413 QUOTA_EXCEEDED). An Idempotency-Key replays the first answer to a retry with the same fields and file. Needs the Enterprise plan and a key with write access.
         */
        post: operations["uploadDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A document's metadata
         * @description Needs the Business plan or higher and a key with read access.
         */
        get: operations["getDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/documents/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A document's bytes
         * @description The file as an attachment; on S3 storage a 302 to a signed storage URL valid 30 seconds (follow it without the Authorization header). Needs the Business plan or higher and a key with read access.
         */
        get: operations["downloadDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List client portal requests
         * @description The changes clients asked for in the client portal, oldest change first, in pages; pass next_cursor as cursor until it is null. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listPortalRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/portal-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client portal request
         * @description Needs the Business plan or higher and a key with read access.
         */
        get: operations["getPortalRequest"];
        /**
         * Answer a client portal request: its state and reply
         * @description As on the customer's page: the state (received, in_progress, done) and the reply the client reads in the portal (left out or null: none). Done completes the request's task. Needs the Enterprise plan and a key with write access.
         */
        put: operations["updatePortalRequest"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commission-rates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List commission schedule rates
         * @description The schedules' rates (carrier × line × new business or renewal, from a date), oldest first, in pages; pass next_cursor as cursor until it is null. A rate never changes, so updated_since compares its creation; deletions are in the change feed (entity commission_rate). Needs the Business plan or higher and a key with read access.
         */
        get: operations["listCommissionRates"];
        put?: never;
        /**
         * Add a commission schedule rate
         * @description As the Rates view: terms of the carrier, line and business starting on or after effective_from take it. The same carrier, line, business and date twice is a 409 RATE_EXISTS (delete the old rate first). Needs the Enterprise plan and a key with write access.
         */
        post: operations["createCommissionRate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commission-rates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a commission schedule rate
         * @description Needs the Business plan or higher and a key with read access.
         */
        get: operations["getCommissionRate"];
        put?: never;
        post?: never;
        /**
         * Delete a commission schedule rate
         * @description Terms it rated take the schedule's previous rate, or none. Needs the Enterprise plan and a key with write access.
         */
        delete: operations["deleteCommissionRate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commission-overrides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List policies' own commission rates
         * @description The policies that have their own rate over their schedule's, oldest change first, in pages; pass next_cursor as cursor until it is null. Removals are in the change feed (entity commission_override). Needs the Business plan or higher and a key with read access.
         */
        get: operations["listCommissionOverrides"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/commission-overrides/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a policy's own commission rate (by the policy's id)
         * @description 404 when the policy has none (it takes its schedule's) or is not the agency's. Needs the Business plan or higher and a key with read access.
         */
        get: operations["getCommissionOverride"];
        /**
         * Set a policy's own commission rate (by the policy's id)
         * @description As the policy page's Commission card: the term's expected commission uses this rate instead of its schedule's. Needs the Enterprise plan and a key with write access.
         */
        put: operations["setCommissionOverride"];
        post?: never;
        /**
         * Remove a policy's own commission rate: it takes its schedule's again
         * @description Needs the Enterprise plan and a key with write access.
         */
        delete: operations["deleteCommissionOverride"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/statements/{id}/lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A statement's lines with their match and their term's state
         * @description The lines applied from an imported statement, in their order in the file, in pages; pass next_cursor as cursor until it is null. Lines that could not be read are not lines (GET the statement's failures in the app). An undone statement has none. Needs the Business plan or higher and a key with read access.
         */
        get: operations["listStatementLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "customer.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A customer is created
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_customer_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A customer is updated
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_customer_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A customer is deleted
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_customer_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy is created
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_policy_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy is updated
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_policy_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy is deleted
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_policy_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "policy.renewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy is renewed
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_policy_renewed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "communication.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A communication is logged
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_communication_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "communication.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A communication's author changes their name or leaves the platform (the log is append-only)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_communication_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "communication.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A communication is deleted (with its customer)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_communication_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A task is created
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_task_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A task is updated (edited, completed, reopened or unlinked)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_task_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "task.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A task is deleted
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_task_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opportunity.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An opportunity is created
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_opportunity_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opportunity.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An opportunity is updated or moves to another stage
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_opportunity_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "opportunity.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An opportunity is deleted
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_opportunity_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "statement.imported": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A carrier statement is imported
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_statement_imported"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission.reconciled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Commission received changes (a statement imported or undone, a receipt recorded or deleted)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_commission_reconciled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A document is uploaded (by the agency or by the client in the portal)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_document_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A document is renamed, moved or restored from the Trash
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_document_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "document.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A document is put in the Trash (also with its customer or policy)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_document_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "premium_payment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A premium payment is recorded
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_premium_payment_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "premium_payment.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A premium payment's author changes their name or leaves the platform
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_premium_payment_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "premium_payment.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A premium payment is deleted (with its policy)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_premium_payment_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "portal_request.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A client asks for a change in the client portal
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_portal_request_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "portal_request.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A portal request's state or reply changes, or its policy is deleted
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_portal_request_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "portal_request.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A portal request is deleted (with its customer)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_portal_request_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission_rate.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A commission schedule rate is added (by hand or by a schedules import)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_commission_rate_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission_rate.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A commission schedule rate is deleted (or its import undone)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_commission_rate_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission_override.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy gets its own commission rate
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_commission_override_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission_override.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy's own commission rate changes
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_commission_override_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission_override.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A policy's own commission rate is removed (also with its policy)
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_commission_override_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent by "Send test event" only
         * @description A signed POST to your endpoint. Answer any 2xx to acknowledge; any other answer or a timeout is retried with backoff for about a day.
         */
        post: operations["webhook_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Customer: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            phone: string | null;
            address: string | null;
            city: string | null;
            postal_code: string | null;
            date_of_birth: string | null;
            /** @enum {string} */
            customer_type: "individual" | "business";
            notes: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
        };
        CustomerDetail: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            phone: string | null;
            address: string | null;
            city: string | null;
            postal_code: string | null;
            date_of_birth: string | null;
            /** @enum {string} */
            customer_type: "individual" | "business";
            notes: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            policies: {
                /** Format: uuid */
                id: string;
                policy_number: string;
                policy_type: string;
                status: string;
                /** Format: date */
                end_date: string;
            }[];
            /** @description Empty below the Business plan. */
            communications: components["schemas"]["Communication"][];
        };
        Communication: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            customer_id: string;
            /** @enum {string} */
            type: "email" | "phone" | "meeting" | "letter";
            subject: string | null;
            content: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            communication_date: string;
            created_by: string | null;
            created_by_name: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** @description A correction: the id of the entry it corrects (the log is append-only). */
            corrects_id: string | null;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
        };
        Policy: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /** @enum {string} */
            policy_type: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
        };
        TermLink: {
            /** Format: uuid */
            id: string;
            policy_number: string;
            /** Format: date */
            start_date: string;
            /** Format: date */
            end_date: string;
        };
        PolicyDetail: components["schemas"]["CarPolicyDetail"] | components["schemas"]["FirePolicyDetail"] | components["schemas"]["HomePolicyDetail"] | components["schemas"]["RentersPolicyDetail"] | components["schemas"]["UmbrellaPolicyDetail"] | components["schemas"]["CglPolicyDetail"] | components["schemas"]["LifePolicyDetail"];
        Error: {
            error: {
                code: string;
                message: string;
                /** @description per field: the message to show next to it */
                fields?: {
                    [key: string]: string;
                };
            };
        };
        CustomerPage: {
            data: components["schemas"]["Customer"][];
            /** @description Pass as cursor for the next page; null on the last. */
            next_cursor: string | null;
        };
        PolicyPage: {
            data: components["schemas"]["Policy"][];
            /** @description Pass as cursor for the next page; null on the last. */
            next_cursor: string | null;
        };
        CommunicationPage: {
            data: components["schemas"]["Communication"][];
            /** @description Pass as cursor for the next page; null on the last. */
            next_cursor: string | null;
        };
        CarDetails: {
            vehicle_make: string;
            vehicle_model: string;
            vehicle_year: number;
            vin_number: string;
            driver_license: string;
            /**
             * @default comprehensive
             * @enum {string}
             */
            coverage_type: "comprehensive" | "third-party" | "collision";
        };
        CarPolicyDetail: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "car";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            car_details: components["schemas"]["CarDetails"];
            fire_details: null;
            home_details: null;
            renters_details: null;
            umbrella_details: null;
            cgl_details: null;
            life_details: null;
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                email?: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                phone?: string | null;
            } | null;
            previous_term: components["schemas"]["TermLink"] | null;
            next_term: components["schemas"]["TermLink"] | null;
        };
        FireDetails: {
            property_address: string;
            property_type: string;
            construction_year: number;
            /** @description decimal, 2 places */
            property_value: string;
            /** @description decimal, 2 places */
            contents_coverage: string | null;
        };
        FirePolicyDetail: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "fire";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            fire_details: components["schemas"]["FireDetails"];
            car_details: null;
            home_details: null;
            renters_details: null;
            umbrella_details: null;
            cgl_details: null;
            life_details: null;
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                email?: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                phone?: string | null;
            } | null;
            previous_term: components["schemas"]["TermLink"] | null;
            next_term: components["schemas"]["TermLink"] | null;
        };
        HomeDetails: {
            property_address: string;
            /** @description decimal, 2 places */
            dwelling_coverage: string;
            /** @description decimal, 2 places */
            contents_coverage: string | null;
            /** @enum {string} */
            construction: "frame" | "masonry" | "masonry-veneer" | "fire-resistive" | "log";
            year_built: number;
            roof_year: number;
        };
        HomePolicyDetail: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "home";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            home_details: components["schemas"]["HomeDetails"];
            car_details: null;
            fire_details: null;
            renters_details: null;
            umbrella_details: null;
            cgl_details: null;
            life_details: null;
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                email?: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                phone?: string | null;
            } | null;
            previous_term: components["schemas"]["TermLink"] | null;
            next_term: components["schemas"]["TermLink"] | null;
        };
        RentersDetails: {
            property_address: string;
            /** @description decimal, 2 places */
            contents_coverage: string;
            /** @description decimal, 2 places */
            liability_limit: string;
            /** @description decimal, 2 places */
            loss_of_use: string | null;
        };
        RentersPolicyDetail: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "renters";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            renters_details: components["schemas"]["RentersDetails"];
            car_details: null;
            fire_details: null;
            home_details: null;
            umbrella_details: null;
            cgl_details: null;
            life_details: null;
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                email?: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                phone?: string | null;
            } | null;
            previous_term: components["schemas"]["TermLink"] | null;
            next_term: components["schemas"]["TermLink"] | null;
        };
        UmbrellaDetails: {
            /** @description decimal, 2 places */
            umbrella_limit: string;
            /** @description decimal, 2 places */
            retained_limit: string | null;
            /** @description ids of the same customer’s policies */
            underlying_policy_ids: string[];
        };
        UmbrellaPolicyDetail: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "umbrella";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            umbrella_details: components["schemas"]["UmbrellaDetails"];
            car_details: null;
            fire_details: null;
            home_details: null;
            renters_details: null;
            cgl_details: null;
            life_details: null;
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                email?: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                phone?: string | null;
            } | null;
            previous_term: components["schemas"]["TermLink"] | null;
            next_term: components["schemas"]["TermLink"] | null;
        };
        CglDetails: {
            business_name: string;
            class_code: string;
            /** @description decimal, 2 places */
            annual_revenue: string;
            /** @description decimal, 2 places */
            occurrence_limit: string;
            /** @description decimal, 2 places */
            aggregate_limit: string;
        };
        CglPolicyDetail: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "cgl";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            cgl_details: components["schemas"]["CglDetails"];
            car_details: null;
            fire_details: null;
            home_details: null;
            renters_details: null;
            umbrella_details: null;
            life_details: null;
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                email?: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                phone?: string | null;
            } | null;
            previous_term: components["schemas"]["TermLink"] | null;
            next_term: components["schemas"]["TermLink"] | null;
        };
        LifeDetails: {
            /** @enum {string} */
            life_type: "term" | "whole";
            /** @description decimal, 2 places */
            face_amount: string;
            term_years: number | null;
            beneficiaries: {
                name: string;
                relationship: string;
                share_percent: number;
            }[];
        };
        LifePolicyDetail: {
            /** Format: uuid */
            id: string;
            customer_id: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "life";
            customer_name: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_email?: string;
            /** @description Only for a key with customers: read (the customer's contact details). */
            customer_phone?: string | null;
            /** @description decimal, 2 places */
            premium_amount: string;
            coverage_amount: string;
            deductible: string;
            /** Format: date */
            start_date: string;
            /**
             * Format: date
             * @description The end of the term (start date + 12 or 6 months, or a custom date)
             */
            end_date: string;
            /**
             * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
             * @enum {string}
             */
            term: "12_months" | "6_months" | "custom";
            /**
             * @description Follows the dates and events on the agency's today: an ended term is never active.
             * @enum {string}
             */
            status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            /** @description The agent's choice: active (bound) or pending */
            bound: boolean;
            cancel_effective_date: string | null;
            cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
            cancel_method: ("pro_rata" | "flat") | null;
            /** @description decimal, 2 places: the premium returned on cancellation */
            unearned_premium: string | null;
            /** @description A team member's user id. */
            assignee_id: string | null;
            assignee_name: string | null;
            /** @enum {string} */
            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
            lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
            lost_note: string | null;
            renewed_from_id: string | null;
            remarket: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            updated_at: string;
            life_details: components["schemas"]["LifeDetails"];
            car_details: null;
            fire_details: null;
            home_details: null;
            renters_details: null;
            umbrella_details: null;
            cgl_details: null;
            customer: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                email?: string;
                /** @description Only for a key with customers: read (the customer's contact details). */
                phone?: string | null;
            } | null;
            previous_term: components["schemas"]["TermLink"] | null;
            next_term: components["schemas"]["TermLink"] | null;
        };
        CustomerEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "customer.created" | "customer.updated" | "customer.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: components["schemas"]["Customer"];
        };
        PolicyEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "policy.created" | "policy.updated" | "policy.deleted" | "policy.renewed";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: components["schemas"]["PolicyDetail"];
        };
        CommunicationEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "communication.created" | "communication.updated" | "communication.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: components["schemas"]["Communication"];
        };
        TaskEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "task.created" | "task.updated" | "task.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /** Format: uuid */
                id: string;
                title: string;
                description: string | null;
                /** @description ISO 8601 instant */
                due_at: string;
                /** @description YYYY-MM-DD in the agency's time zone */
                due_date: string;
                /** @description HH:MM in the agency's time zone */
                due_time: string;
                /** @enum {string} */
                priority: "low" | "normal" | "high";
                assignee_id: string | null;
                assignee_name: string | null;
                customer_id: string | null;
                customer_name: string | null;
                policy_id: string | null;
                policy_number: string | null;
                opportunity_id: string | null;
                completed_at: string | null;
                created_at: string;
                updated_at: string;
            };
        };
        OpportunityEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "opportunity.created" | "opportunity.updated" | "opportunity.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /** Format: uuid */
                id: string;
                /** @description The customer's name, or the prospect's. */
                name: string;
                customer_id: string | null;
                customer_name: string | null;
                prospect_name: string | null;
                prospect_email: string | null;
                prospect_phone: string | null;
                source: string | null;
                /** @enum {string} */
                line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                /** @description decimal, 2 places */
                estimated_premium: string;
                expected_close_date: string | null;
                /** @description A team member's user id. */
                assignee_id: string | null;
                assignee_name: string | null;
                /** @enum {string} */
                stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                stage_changed_at: string;
                lost_reason: string | null;
                /** @description When it was won: its customer_id is the customer it became. */
                converted_at: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                updated_at: string;
            };
        };
        StatementEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "statement.imported";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /** Format: uuid */
                id: string;
                carrier: string;
                /** @description the month the statement covers, YYYY-MM */
                period: string;
                file_name: string;
                /** @enum {string} */
                status: "applied" | "undone";
                matched: number;
                unmatched: number;
                failed: number;
                /** @description a decimal amount, exact to the cent (a string: never a float) */
                amount: string;
                created_at: string;
                undone_at: string | null;
            };
        };
        CommissionEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "commission.reconciled";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /**
                 * @description what changed the amounts received: a statement imported or undone, a manual receipt recorded or deleted, a line not in the book matched by hand to a policy or put back
                 * @enum {string}
                 */
                cause: "statement_imported" | "statement_undone" | "receipt_recorded" | "receipt_deleted" | "line_matched" | "line_unmatched";
                /** @description the statement imported or undone */
                statement_id: string | null;
                /** @description the manual receipt recorded or deleted */
                receipt_id: string | null;
                /** @description every term whose received amount changed (read them with GET /commissions/{id}) */
                policy_ids: string[];
            };
        };
        DocumentEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "document.created" | "document.updated" | "document.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description Decided from the bytes when it was uploaded */
                content_type: string;
                /** @description Bytes */
                size: number;
                customer_id: string | null;
                customer_name: string | null;
                policy_id: string | null;
                policy_number: string | null;
                uploaded_by: string | null;
                /** @description Shown to the customer in the client portal */
                shared_with_client: boolean;
                /** @description Uploaded by the customer in the client portal */
                from_client: boolean;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                updated_at: string;
            };
        };
        PremiumPaymentEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "premium_payment.created" | "premium_payment.updated" | "premium_payment.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                policy_id: string;
                client_name: string;
                policy_number: string;
                /** @description decimal, 2 places */
                amount: string;
                /** Format: date */
                payment_date: string;
                /** @enum {string} */
                payment_method: "credit_card" | "debit_card" | "bank_transfer" | "check" | "cash" | "other";
                notes: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                updated_at: string;
                created_by_name: string | null;
                /** @description The receipts */
                files: {
                    /** Format: uuid */
                    id: string;
                    file_name: string;
                    content_type: string;
                    size: number;
                }[];
            };
        };
        PortalRequestEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "portal_request.created" | "portal_request.updated" | "portal_request.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /** Format: uuid */
                id: string;
                /**
                 * Format: uuid
                 * @description The client who asked (GET /customers/{id})
                 */
                customer_id: string;
                /** @description The policy the change is about (GET /policies/{id}); null once that policy is deleted */
                policy_id: string | null;
                /** @enum {string} */
                kind: "add_driver" | "add_vehicle" | "change_address" | "cancel" | "certificate" | "other";
                /** @description The client's own words */
                details: string;
                /** @enum {string} */
                state: "received" | "in_progress" | "done";
                /** @description The agency's reply, which the client reads in the portal */
                reply: string | null;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                created_at: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                updated_at: string;
            };
        };
        CommissionRateEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "commission_rate.created" | "commission_rate.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /** Format: uuid */
                id: string;
                carrier: string;
                /** @enum {string} */
                line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                /**
                 * @description new: a term that renews no other; renewal: a renewal term
                 * @enum {string}
                 */
                business: "new" | "renewal";
                /** @description A percentage with 4 decimals, as text: "12.5000" */
                rate: string;
                /**
                 * Format: date
                 * @description Terms starting on or after this day take the rate (until a later one of the same carrier, line and business)
                 */
                effective_from: string;
                /**
                 * Format: date-time
                 * @description A rate never changes (a new one is created instead): this is also its last change
                 */
                created_at: string;
            };
        };
        CommissionOverrideEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @enum {string} */
            type: "commission_override.created" | "commission_override.updated" | "commission_override.deleted";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                /**
                 * Format: uuid
                 * @description The policy's id: a policy has at most one own rate
                 */
                id: string;
                /** Format: uuid */
                policy_id: string;
                /** @description A percentage with 4 decimals, as text: "12.5000" */
                rate: string;
                /**
                 * Format: date-time
                 * @description ISO 8601 date and time
                 */
                updated_at: string;
            };
        };
        TestEvent: {
            /**
             * Format: uuid
             * @description The event id: the same on every delivery of this event (de-duplicate on it).
             */
            id: string;
            /** @constant */
            type: "webhook.test";
            /**
             * Format: date-time
             * @description ISO 8601 date and time
             */
            created_at: string;
            /** Format: uuid */
            agency_id: string;
            data: {
                message: string;
                /** Format: uuid */
                endpoint_id: string;
            };
        };
        CustomerInput: {
            name: string;
            email: string;
            phone?: string | null;
            address?: string | null;
            city?: string | null;
            postal_code?: string | null;
            /** Format: date */
            date_of_birth?: ((string | null) | null) | string | null;
            /**
             * @default individual
             * @enum {string}
             */
            customer_type?: "individual" | "business";
            notes?: string | null;
        };
        CommunicationInput: {
            /**
             * @default email
             * @enum {string}
             */
            type?: "email" | "phone" | "meeting" | "letter";
            subject?: string | null;
            content: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); now when omitted.
             */
            communication_date?: ((string | null) | null) | string | null;
        };
        CommunicationCreate: {
            /**
             * @default email
             * @enum {string}
             */
            type?: "email" | "phone" | "meeting" | "letter";
            subject?: string | null;
            content: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); now when omitted.
             */
            communication_date?: ((string | null) | null) | string | null;
            /** Format: uuid */
            customer_id: string;
        };
        PolicyInput: components["schemas"]["CarPolicyInput"] | components["schemas"]["FirePolicyInput"] | components["schemas"]["HomePolicyInput"] | components["schemas"]["RentersPolicyInput"] | components["schemas"]["UmbrellaPolicyInput"] | components["schemas"]["CglPolicyInput"] | components["schemas"]["LifePolicyInput"];
        CarDetailsInput: {
            vehicle_make: string;
            vehicle_model: string;
            vehicle_year: number;
            vin_number: string;
            driver_license: string;
            /**
             * @default comprehensive
             * @enum {string}
             */
            coverage_type?: "comprehensive" | "third-party" | "collision";
        };
        CarPolicyInput: {
            customer_id?: (string | null) | "";
            customer_name: string;
            customer_email: string;
            customer_phone?: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "car";
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            premium_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            coverage_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            deductible: string | number;
            /** Format: date */
            start_date: string;
            /** @description 12_months (the default when omitted), 6_months, or custom: then end_date is required. */
            term?: ("12_months" | "6_months" | "custom") | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.
             */
            end_date?: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            assignee_id?: string | null;
            car_details: components["schemas"]["CarDetailsInput"];
            /** @description Ignored: policy_type is car. */
            fire_details?: components["schemas"]["FireDetailsInput"] | null;
            /** @description Ignored: policy_type is car. */
            home_details?: components["schemas"]["HomeDetailsInput"] | null;
            /** @description Ignored: policy_type is car. */
            renters_details?: components["schemas"]["RentersDetailsInput"] | null;
            /** @description Ignored: policy_type is car. */
            umbrella_details?: components["schemas"]["UmbrellaDetailsInput"] | null;
            /** @description Ignored: policy_type is car. */
            cgl_details?: components["schemas"]["CglDetailsInput"] | null;
            /** @description Ignored: policy_type is car. */
            life_details?: components["schemas"]["LifeDetailsInput"] | null;
        };
        FireDetailsInput: {
            property_address: string;
            property_type: string;
            construction_year: number;
            /** @description decimal, 2 places */
            property_value: string;
            /** @description decimal, 2 places */
            contents_coverage?: string | null;
        };
        FirePolicyInput: {
            customer_id?: (string | null) | "";
            customer_name: string;
            customer_email: string;
            customer_phone?: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "fire";
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            premium_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            coverage_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            deductible: string | number;
            /** Format: date */
            start_date: string;
            /** @description 12_months (the default when omitted), 6_months, or custom: then end_date is required. */
            term?: ("12_months" | "6_months" | "custom") | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.
             */
            end_date?: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            assignee_id?: string | null;
            /** @description Ignored: policy_type is fire. */
            car_details?: components["schemas"]["CarDetailsInput"] | null;
            fire_details: components["schemas"]["FireDetailsInput"];
            /** @description Ignored: policy_type is fire. */
            home_details?: components["schemas"]["HomeDetailsInput"] | null;
            /** @description Ignored: policy_type is fire. */
            renters_details?: components["schemas"]["RentersDetailsInput"] | null;
            /** @description Ignored: policy_type is fire. */
            umbrella_details?: components["schemas"]["UmbrellaDetailsInput"] | null;
            /** @description Ignored: policy_type is fire. */
            cgl_details?: components["schemas"]["CglDetailsInput"] | null;
            /** @description Ignored: policy_type is fire. */
            life_details?: components["schemas"]["LifeDetailsInput"] | null;
        };
        HomeDetailsInput: {
            property_address: string;
            /** @description decimal, 2 places */
            dwelling_coverage: string;
            /** @description decimal, 2 places */
            contents_coverage?: string | null;
            /** @enum {string} */
            construction: "frame" | "masonry" | "masonry-veneer" | "fire-resistive" | "log";
            year_built: number;
            roof_year: number;
        };
        HomePolicyInput: {
            customer_id?: (string | null) | "";
            customer_name: string;
            customer_email: string;
            customer_phone?: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "home";
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            premium_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            coverage_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            deductible: string | number;
            /** Format: date */
            start_date: string;
            /** @description 12_months (the default when omitted), 6_months, or custom: then end_date is required. */
            term?: ("12_months" | "6_months" | "custom") | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.
             */
            end_date?: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            assignee_id?: string | null;
            /** @description Ignored: policy_type is home. */
            car_details?: components["schemas"]["CarDetailsInput"] | null;
            /** @description Ignored: policy_type is home. */
            fire_details?: components["schemas"]["FireDetailsInput"] | null;
            home_details: components["schemas"]["HomeDetailsInput"];
            /** @description Ignored: policy_type is home. */
            renters_details?: components["schemas"]["RentersDetailsInput"] | null;
            /** @description Ignored: policy_type is home. */
            umbrella_details?: components["schemas"]["UmbrellaDetailsInput"] | null;
            /** @description Ignored: policy_type is home. */
            cgl_details?: components["schemas"]["CglDetailsInput"] | null;
            /** @description Ignored: policy_type is home. */
            life_details?: components["schemas"]["LifeDetailsInput"] | null;
        };
        RentersDetailsInput: {
            property_address: string;
            /** @description decimal, 2 places */
            contents_coverage: string;
            /** @description decimal, 2 places */
            liability_limit: string;
            /** @description decimal, 2 places */
            loss_of_use?: string | null;
        };
        RentersPolicyInput: {
            customer_id?: (string | null) | "";
            customer_name: string;
            customer_email: string;
            customer_phone?: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "renters";
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            premium_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            coverage_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            deductible: string | number;
            /** Format: date */
            start_date: string;
            /** @description 12_months (the default when omitted), 6_months, or custom: then end_date is required. */
            term?: ("12_months" | "6_months" | "custom") | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.
             */
            end_date?: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            assignee_id?: string | null;
            /** @description Ignored: policy_type is renters. */
            car_details?: components["schemas"]["CarDetailsInput"] | null;
            /** @description Ignored: policy_type is renters. */
            fire_details?: components["schemas"]["FireDetailsInput"] | null;
            /** @description Ignored: policy_type is renters. */
            home_details?: components["schemas"]["HomeDetailsInput"] | null;
            renters_details: components["schemas"]["RentersDetailsInput"];
            /** @description Ignored: policy_type is renters. */
            umbrella_details?: components["schemas"]["UmbrellaDetailsInput"] | null;
            /** @description Ignored: policy_type is renters. */
            cgl_details?: components["schemas"]["CglDetailsInput"] | null;
            /** @description Ignored: policy_type is renters. */
            life_details?: components["schemas"]["LifeDetailsInput"] | null;
        };
        UmbrellaDetailsInput: {
            /** @description decimal, 2 places */
            umbrella_limit: string;
            /** @description decimal, 2 places */
            retained_limit?: string | null;
            /** @description ids of the same customer’s policies */
            underlying_policy_ids?: string[];
        };
        UmbrellaPolicyInput: {
            customer_id?: (string | null) | "";
            customer_name: string;
            customer_email: string;
            customer_phone?: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "umbrella";
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            premium_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            coverage_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            deductible: string | number;
            /** Format: date */
            start_date: string;
            /** @description 12_months (the default when omitted), 6_months, or custom: then end_date is required. */
            term?: ("12_months" | "6_months" | "custom") | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.
             */
            end_date?: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            assignee_id?: string | null;
            /** @description Ignored: policy_type is umbrella. */
            car_details?: components["schemas"]["CarDetailsInput"] | null;
            /** @description Ignored: policy_type is umbrella. */
            fire_details?: components["schemas"]["FireDetailsInput"] | null;
            /** @description Ignored: policy_type is umbrella. */
            home_details?: components["schemas"]["HomeDetailsInput"] | null;
            /** @description Ignored: policy_type is umbrella. */
            renters_details?: components["schemas"]["RentersDetailsInput"] | null;
            umbrella_details: components["schemas"]["UmbrellaDetailsInput"];
            /** @description Ignored: policy_type is umbrella. */
            cgl_details?: components["schemas"]["CglDetailsInput"] | null;
            /** @description Ignored: policy_type is umbrella. */
            life_details?: components["schemas"]["LifeDetailsInput"] | null;
        };
        CglDetailsInput: {
            business_name: string;
            class_code: string;
            /** @description decimal, 2 places */
            annual_revenue: string;
            /** @description decimal, 2 places */
            occurrence_limit: string;
            /** @description decimal, 2 places */
            aggregate_limit: string;
        };
        CglPolicyInput: {
            customer_id?: (string | null) | "";
            customer_name: string;
            customer_email: string;
            customer_phone?: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "cgl";
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            premium_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            coverage_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            deductible: string | number;
            /** Format: date */
            start_date: string;
            /** @description 12_months (the default when omitted), 6_months, or custom: then end_date is required. */
            term?: ("12_months" | "6_months" | "custom") | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.
             */
            end_date?: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            assignee_id?: string | null;
            /** @description Ignored: policy_type is cgl. */
            car_details?: components["schemas"]["CarDetailsInput"] | null;
            /** @description Ignored: policy_type is cgl. */
            fire_details?: components["schemas"]["FireDetailsInput"] | null;
            /** @description Ignored: policy_type is cgl. */
            home_details?: components["schemas"]["HomeDetailsInput"] | null;
            /** @description Ignored: policy_type is cgl. */
            renters_details?: components["schemas"]["RentersDetailsInput"] | null;
            /** @description Ignored: policy_type is cgl. */
            umbrella_details?: components["schemas"]["UmbrellaDetailsInput"] | null;
            cgl_details: components["schemas"]["CglDetailsInput"];
            /** @description Ignored: policy_type is cgl. */
            life_details?: components["schemas"]["LifeDetailsInput"] | null;
        };
        LifeDetailsInput: {
            /** @enum {string} */
            life_type: "term" | "whole";
            /** @description decimal, 2 places */
            face_amount: string;
            term_years?: number | null;
            beneficiaries: {
                name: string;
                relationship: string;
                share_percent?: number;
            }[];
        };
        LifePolicyInput: {
            customer_id?: (string | null) | "";
            customer_name: string;
            customer_email: string;
            customer_phone?: string | null;
            policy_number: string;
            insurance_company: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            policy_type: "life";
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            premium_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            coverage_amount: string | number;
            /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
            deductible: string | number;
            /** Format: date */
            start_date: string;
            /** @description 12_months (the default when omitted), 6_months, or custom: then end_date is required. */
            term?: ("12_months" | "6_months" | "custom") | null;
            /**
             * Format: date
             * @description YYYY-MM-DD, read only when term is custom: after start_date and at most 36 months later.
             */
            end_date?: string;
            /**
             * @default pending
             * @enum {string}
             */
            status?: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
            assignee_id?: string | null;
            /** @description Ignored: policy_type is life. */
            car_details?: components["schemas"]["CarDetailsInput"] | null;
            /** @description Ignored: policy_type is life. */
            fire_details?: components["schemas"]["FireDetailsInput"] | null;
            /** @description Ignored: policy_type is life. */
            home_details?: components["schemas"]["HomeDetailsInput"] | null;
            /** @description Ignored: policy_type is life. */
            renters_details?: components["schemas"]["RentersDetailsInput"] | null;
            /** @description Ignored: policy_type is life. */
            umbrella_details?: components["schemas"]["UmbrellaDetailsInput"] | null;
            /** @description Ignored: policy_type is life. */
            cgl_details?: components["schemas"]["CglDetailsInput"] | null;
            life_details: components["schemas"]["LifeDetailsInput"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCustomers: {
        parameters: {
            query?: {
                /** @description Matches anywhere in the row's text, case-insensitive; over 200 characters it is ignored. */
                search?: string;
                type?: "all" | "individual" | "business";
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of customers */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerPage"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is over 1 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerDetail"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerInput"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is over 1 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPolicies: {
        parameters: {
            query?: {
                /** @description Matches anywhere in the row's text, case-insensitive; over 200 characters it is ignored. */
                search?: string;
                assignee?: string;
                type?: "all" | "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                status?: "all" | "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
                /** @description Only this customer's policies. */
                customer_id?: string;
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of policies */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyPage"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyInput"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is over 1 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyInput"];
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is over 1 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCommunications: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                customer_id?: string;
                type?: "all" | "email" | "phone" | "meeting" | "letter";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of communications */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommunicationPage"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCommunication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommunicationCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Communication"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is over 1 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCommunication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Communication"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateCommunication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommunicationInput"];
            };
        };
        responses: {
            /** @description The correction, a new entry */
            200: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Communication"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is over 1 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCommunication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Always, for an existing entry: code APPEND_ONLY. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    correctCommunication: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommunicationInput"];
            };
        };
        responses: {
            /** @description The correction, a new entry */
            201: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Present (true) when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Communication"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this (reading needs Business or higher, writing Enterprise). */
            403: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit"?: string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A duplicate, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request body is over 1 MB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    /** @description Requests this key may make per minute (the plan's share of the rate). */
                    "RateLimit-Limit": string;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining": string;
                    /** @description Seconds until the window starts again. */
                    "RateLimit-Reset": string;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listChanges: {
        parameters: {
            query?: {
                /** @description The next_cursor of the previous page; without it the feed starts at its beginning. */
                after?: string;
                /** @description Entries per page, at most 500. */
                limit?: number;
                /** @description Only the entries of this entity. */
                entity?: "customer" | "policy" | "communication" | "task" | "opportunity" | "document" | "premium_payment" | "portal_request" | "commission_rate" | "commission_override";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The entry's sequence number (for logs; page with next_cursor). */
                            id: string;
                            /** @description The event, as the webhooks name it: customer.created, policy.updated, communication.deleted … */
                            type: string;
                            /** @enum {string} */
                            entity: "customer" | "policy" | "communication" | "task" | "opportunity" | "document" | "premium_payment" | "portal_request" | "commission_rate" | "commission_override";
                            /** Format: uuid */
                            entity_id: string;
                            /** @enum {string} */
                            op: "created" | "updated" | "deleted";
                            /** @description ISO 8601 date and time of the change */
                            occurred_at: string;
                            /** @description The entity as it is when the page is read (as its list shows it); null once it has been deleted — remove it. */
                            data: ({
                                /** Format: uuid */
                                id: string;
                                name: string;
                                email: string;
                                phone: string | null;
                                address: string | null;
                                city: string | null;
                                postal_code: string | null;
                                date_of_birth: string | null;
                                /** @enum {string} */
                                customer_type: "individual" | "business";
                                notes: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                            } | {
                                /** Format: uuid */
                                id: string;
                                customer_id: string | null;
                                policy_number: string;
                                insurance_company: string;
                                /** @enum {string} */
                                policy_type: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                                customer_name: string;
                                /** @description Only for a key with customers: read (the customer's contact details). */
                                customer_email?: string;
                                /** @description Only for a key with customers: read (the customer's contact details). */
                                customer_phone?: string | null;
                                /** @description decimal, 2 places */
                                premium_amount: string;
                                coverage_amount: string;
                                deductible: string;
                                /** Format: date */
                                start_date: string;
                                /**
                                 * Format: date
                                 * @description The end of the term (start date + 12 or 6 months, or a custom date)
                                 */
                                end_date: string;
                                /**
                                 * @description 12_months or 6_months when end_date is that far from start_date, otherwise custom; send it back unchanged to keep the term.
                                 * @enum {string}
                                 */
                                term: "12_months" | "6_months" | "custom";
                                /**
                                 * @description Follows the dates and events on the agency's today: an ended term is never active.
                                 * @enum {string}
                                 */
                                status: "pending" | "active" | "expired" | "renewed" | "lost" | "cancelled";
                                /** @description The agent's choice: active (bound) or pending */
                                bound: boolean;
                                cancel_effective_date: string | null;
                                cancel_reason: ("client_request" | "non_payment" | "underwriting" | "replaced") | null;
                                cancel_method: ("pro_rata" | "flat") | null;
                                /** @description decimal, 2 places: the premium returned on cancellation */
                                unearned_premium: string | null;
                                /** @description A team member's user id. */
                                assignee_id: string | null;
                                assignee_name: string | null;
                                /** @enum {string} */
                                renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
                                lost_reason: ("price" | "coverage" | "service" | "moved_or_sold" | "other") | null;
                                lost_note: string | null;
                                renewed_from_id: string | null;
                                remarket: boolean;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                            } | {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                customer_id: string;
                                /** @enum {string} */
                                type: "email" | "phone" | "meeting" | "letter";
                                subject: string | null;
                                content: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                communication_date: string;
                                created_by: string | null;
                                created_by_name: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                created_at: string;
                                /** @description A correction: the id of the entry it corrects (the log is append-only). */
                                corrects_id: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                            } | {
                                /** Format: uuid */
                                id: string;
                                title: string;
                                description: string | null;
                                /** @description ISO 8601 instant */
                                due_at: string;
                                /** @description YYYY-MM-DD in the agency's time zone */
                                due_date: string;
                                /** @description HH:MM in the agency's time zone */
                                due_time: string;
                                /** @enum {string} */
                                priority: "low" | "normal" | "high";
                                assignee_id: string | null;
                                assignee_name: string | null;
                                customer_id: string | null;
                                customer_name: string | null;
                                policy_id: string | null;
                                policy_number: string | null;
                                opportunity_id: string | null;
                                completed_at: string | null;
                                created_at: string;
                                updated_at: string;
                            } | {
                                /** Format: uuid */
                                id: string;
                                /** @description The customer's name, or the prospect's. */
                                name: string;
                                customer_id: string | null;
                                customer_name: string | null;
                                prospect_name: string | null;
                                prospect_email: string | null;
                                prospect_phone: string | null;
                                source: string | null;
                                /** @enum {string} */
                                line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                                /** @description decimal, 2 places */
                                estimated_premium: string;
                                expected_close_date: string | null;
                                /** @description A team member's user id. */
                                assignee_id: string | null;
                                assignee_name: string | null;
                                /** @enum {string} */
                                stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                stage_changed_at: string;
                                lost_reason: string | null;
                                /** @description When it was won: its customer_id is the customer it became. */
                                converted_at: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                            } | {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @description Decided from the bytes when it was uploaded */
                                content_type: string;
                                /** @description Bytes */
                                size: number;
                                customer_id: string | null;
                                customer_name: string | null;
                                policy_id: string | null;
                                policy_number: string | null;
                                uploaded_by: string | null;
                                /** @description Shown to the customer in the client portal */
                                shared_with_client: boolean;
                                /** @description Uploaded by the customer in the client portal */
                                from_client: boolean;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                            } | {
                                /** Format: uuid */
                                id: string;
                                /** Format: uuid */
                                policy_id: string;
                                client_name: string;
                                policy_number: string;
                                /** @description decimal, 2 places */
                                amount: string;
                                /** Format: date */
                                payment_date: string;
                                /** @enum {string} */
                                payment_method: "credit_card" | "debit_card" | "bank_transfer" | "check" | "cash" | "other";
                                notes: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                                created_by_name: string | null;
                                /** @description The receipts */
                                files: {
                                    /** Format: uuid */
                                    id: string;
                                    file_name: string;
                                    content_type: string;
                                    size: number;
                                }[];
                            } | {
                                /** Format: uuid */
                                id: string;
                                /**
                                 * Format: uuid
                                 * @description The client who asked (GET /customers/{id})
                                 */
                                customer_id: string;
                                /** @description The policy the change is about (GET /policies/{id}); null once that policy is deleted */
                                policy_id: string | null;
                                /** @enum {string} */
                                kind: "add_driver" | "add_vehicle" | "change_address" | "cancel" | "certificate" | "other";
                                /** @description The client's own words */
                                details: string;
                                /** @enum {string} */
                                state: "received" | "in_progress" | "done";
                                /** @description The agency's reply, which the client reads in the portal */
                                reply: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                created_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                            } | {
                                /** Format: uuid */
                                id: string;
                                carrier: string;
                                /** @enum {string} */
                                line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                                /**
                                 * @description new: a term that renews no other; renewal: a renewal term
                                 * @enum {string}
                                 */
                                business: "new" | "renewal";
                                /** @description A percentage with 4 decimals, as text: "12.5000" */
                                rate: string;
                                /**
                                 * Format: date
                                 * @description Terms starting on or after this day take the rate (until a later one of the same carrier, line and business)
                                 */
                                effective_from: string;
                                /**
                                 * Format: date-time
                                 * @description A rate never changes (a new one is created instead): this is also its last change
                                 */
                                created_at: string;
                            } | {
                                /**
                                 * Format: uuid
                                 * @description The policy's id: a policy has at most one own rate
                                 */
                                id: string;
                                /** Format: uuid */
                                policy_id: string;
                                /** @description A percentage with 4 decimals, as text: "12.5000" */
                                rate: string;
                                /**
                                 * Format: date-time
                                 * @description ISO 8601 date and time
                                 */
                                updated_at: string;
                            }) | null;
                        }[];
                        /** @description Always set: pass as `after` for the next page, and keep it to poll for later changes. */
                        next_cursor: string;
                        /** @description Another page is ready now; when false, poll again later with next_cursor. */
                        has_more: boolean;
                    };
                };
            };
            /** @description Invalid after, limit or entity. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key may read none of the entities asked for, or the plan has no API. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description CHANGE_CURSOR_EXPIRED: the cursor is older than the 90 days the feed keeps. Start again: read the feed without after to its end, load the lists, then poll from there. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                /** @description Only the tasks of this member (a team member id). */
                assignee_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tasks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            title: string;
                            description: string | null;
                            /** @description ISO 8601 instant */
                            due_at: string;
                            /** @description YYYY-MM-DD in the agency's time zone */
                            due_date: string;
                            /** @description HH:MM in the agency's time zone */
                            due_time: string;
                            /** @enum {string} */
                            priority: "low" | "normal" | "high";
                            assignee_id: string | null;
                            assignee_name: string | null;
                            customer_id: string | null;
                            customer_name: string | null;
                            policy_id: string | null;
                            policy_number: string | null;
                            opportunity_id: string | null;
                            completed_at: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Error 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    createTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description?: string | null;
                    due_date: string;
                    due_time?: string | null;
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    priority?: "low" | "normal" | "high";
                    assignee_id: string;
                    customer_id?: string | null;
                    policy_id?: string | null;
                    opportunity_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        description: string | null;
                        /** @description ISO 8601 instant */
                        due_at: string;
                        /** @description YYYY-MM-DD in the agency's time zone */
                        due_date: string;
                        /** @description HH:MM in the agency's time zone */
                        due_time: string;
                        /** @enum {string} */
                        priority: "low" | "normal" | "high";
                        assignee_id: string | null;
                        assignee_name: string | null;
                        customer_id: string | null;
                        customer_name: string | null;
                        policy_id: string | null;
                        policy_number: string | null;
                        opportunity_id: string | null;
                        completed_at: string | null;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Error 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        description: string | null;
                        /** @description ISO 8601 instant */
                        due_at: string;
                        /** @description YYYY-MM-DD in the agency's time zone */
                        due_date: string;
                        /** @description HH:MM in the agency's time zone */
                        due_time: string;
                        /** @enum {string} */
                        priority: "low" | "normal" | "high";
                        assignee_id: string | null;
                        assignee_name: string | null;
                        customer_id: string | null;
                        customer_name: string | null;
                        policy_id: string | null;
                        policy_number: string | null;
                        opportunity_id: string | null;
                        completed_at: string | null;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    updateTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    description?: string | null;
                    due_date: string;
                    due_time?: string | null;
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    priority?: "low" | "normal" | "high";
                    assignee_id: string;
                    customer_id?: string | null;
                    policy_id?: string | null;
                    opportunity_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        title: string;
                        description: string | null;
                        /** @description ISO 8601 instant */
                        due_at: string;
                        /** @description YYYY-MM-DD in the agency's time zone */
                        due_date: string;
                        /** @description HH:MM in the agency's time zone */
                        due_time: string;
                        /** @enum {string} */
                        priority: "low" | "normal" | "high";
                        assignee_id: string | null;
                        assignee_name: string | null;
                        customer_id: string | null;
                        customer_name: string | null;
                        policy_id: string | null;
                        policy_number: string | null;
                        opportunity_id: string | null;
                        completed_at: string | null;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description Error 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    deleteTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listTeamMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every member, in one page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The member id: the assignee_id of policies, tasks and opportunities. */
                            id: string;
                            name: string | null;
                            email: string;
                            role: string;
                            /** @description ISO 8601: when they joined */
                            since: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listCommissions: {
        parameters: {
            query?: {
                /** @description only terms in this state */
                state?: "all" | "paid" | "short_paid" | "unpaid" | "overpaid" | "no_rate";
                /** @description only this carrier (case and spaces ignored) */
                carrier?: string | null;
                /** @description terms starting in this month, YYYY-MM */
                month?: string | null;
                /** @description only the terms a statement paid (its id) */
                statement?: string | null;
                /** @description next_cursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of terms and the totals of the filters */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            policy_id: string;
                            policy_number: string;
                            customer_name: string;
                            carrier: string;
                            line: string;
                            /** @enum {string} */
                            business: "new" | "renewal";
                            start_date: string;
                            end_date: string;
                            /** @description a decimal amount, exact to the cent (a string: never a float) */
                            premium: string;
                            /** @description the percentage applied; null: no rate */
                            rate: string | null;
                            /** @description the policy's own rate, not its schedule's */
                            rate_overridden: boolean;
                            written: string | null;
                            /** @description a cancelled term's unearned commission, negative */
                            chargeback: string;
                            /** @description a decimal amount, exact to the cent (a string: never a float) */
                            expected: string;
                            /** @description a decimal amount, exact to the cent (a string: never a float) */
                            received: string;
                            /** @description expected − received */
                            difference: string;
                            /** @enum {string} */
                            state: "paid" | "short_paid" | "unpaid" | "overpaid" | "no_rate";
                            /** @description unpaid or short-paid 60 days after the term started */
                            overdue: boolean;
                        }[];
                        /** @description the next page (pass as cursor); null on the last */
                        next_cursor: string | null;
                        /** @description of every term of the filters, not only this page: expected − received = difference */
                        totals: {
                            terms: number;
                            /** @description a decimal amount, exact to the cent (a string: never a float) */
                            expected: string;
                            /** @description a decimal amount, exact to the cent (a string: never a float) */
                            received: string;
                            /** @description a decimal amount, exact to the cent (a string: never a float) */
                            difference: string;
                        };
                    };
                };
            };
            /** @description Error 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getCommission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        policy_id: string;
                        policy_number: string;
                        customer_name: string;
                        carrier: string;
                        line: string;
                        /** @enum {string} */
                        business: "new" | "renewal";
                        start_date: string;
                        end_date: string;
                        /** @description a decimal amount, exact to the cent (a string: never a float) */
                        premium: string;
                        /** @description the percentage applied; null: no rate */
                        rate: string | null;
                        /** @description the policy's own rate, not its schedule's */
                        rate_overridden: boolean;
                        written: string | null;
                        /** @description a cancelled term's unearned commission, negative */
                        chargeback: string;
                        /** @description a decimal amount, exact to the cent (a string: never a float) */
                        expected: string;
                        /** @description a decimal amount, exact to the cent (a string: never a float) */
                        received: string;
                        /** @description expected − received */
                        difference: string;
                        /** @enum {string} */
                        state: "paid" | "short_paid" | "unpaid" | "overpaid" | "no_rate";
                        /** @description unpaid or short-paid 60 days after the term started */
                        overdue: boolean;
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listStatements: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every statement, in one page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            carrier: string;
                            /** @description the month the statement covers, YYYY-MM */
                            period: string;
                            file_name: string;
                            /** @enum {string} */
                            status: "applied" | "undone";
                            matched: number;
                            unmatched: number;
                            failed: number;
                            /** @description a decimal amount, exact to the cent (a string: never a float) */
                            amount: string;
                            created_at: string;
                            undone_at: string | null;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    createStatement: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The carrier the statement is from */
                    carrier: string;
                    /** @description The month it covers, YYYY-MM; its lines are dated within it */
                    period: string;
                    /** @description JSON: {"policy_number": 0, "commission": 3, …} (column indexes); the saved or header mapping when left out */
                    mapping?: string;
                    /**
                     * @description true: import a file already imported
                     * @enum {string}
                     */
                    confirm?: "true" | "false";
                    /**
                     * Format: binary
                     * @description The statement: .csv or .xlsx, at most 20 MB
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Imported: the statement with its counts (matched, not in the book, failed) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        carrier: string;
                        /** @description the month the statement covers, YYYY-MM */
                        period: string;
                        file_name: string;
                        /** @enum {string} */
                        status: "applied" | "undone";
                        matched: number;
                        unmatched: number;
                        failed: number;
                        /** @description a decimal amount, exact to the cent (a string: never a float) */
                        amount: string;
                        created_at: string;
                        undone_at: string | null;
                    };
                };
            };
            /** @description Error 400 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 409 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 413 */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getStatement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        carrier: string;
                        /** @description the month the statement covers, YYYY-MM */
                        period: string;
                        file_name: string;
                        /** @enum {string} */
                        status: "applied" | "undone";
                        matched: number;
                        unmatched: number;
                        failed: number;
                        /** @description a decimal amount, exact to the cent (a string: never a float) */
                        amount: string;
                        created_at: string;
                        undone_at: string | null;
                    };
                };
            };
            /** @description Error 401 */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 403 */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 404 */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Error 429 */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listOpportunities: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                /** @description Only the opportunities in this stage. */
                stage?: "all" | "new_lead" | "contacted" | "quoted" | "won" | "lost";
                /** @description Only the opportunities of this member (a team member id). */
                assignee_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of opportunities */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @description The customer's name, or the prospect's. */
                            name: string;
                            customer_id: string | null;
                            customer_name: string | null;
                            prospect_name: string | null;
                            prospect_email: string | null;
                            prospect_phone: string | null;
                            source: string | null;
                            /** @enum {string} */
                            line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                            /** @description decimal, 2 places */
                            estimated_premium: string;
                            expected_close_date: string | null;
                            /** @description A team member's user id. */
                            assignee_id: string | null;
                            assignee_name: string | null;
                            /** @enum {string} */
                            stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            stage_changed_at: string;
                            lost_reason: string | null;
                            /** @description When it was won: its customer_id is the customer it became. */
                            converted_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    createOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer_id?: (string | null) | "";
                    prospect_name?: string | null;
                    prospect_email?: string | null;
                    prospect_phone?: string | null;
                    source?: string | null;
                    /** @enum {string} */
                    line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                    /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
                    estimated_premium?: string | number | null;
                    expected_close_date?: string | null;
                    assignee_id?: string | null;
                    /**
                     * @default new_lead
                     * @enum {string}
                     */
                    stage?: "new_lead" | "contacted" | "quoted";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description The customer's name, or the prospect's. */
                        name: string;
                        customer_id: string | null;
                        customer_name: string | null;
                        prospect_name: string | null;
                        prospect_email: string | null;
                        prospect_phone: string | null;
                        source: string | null;
                        /** @enum {string} */
                        line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                        /** @description decimal, 2 places */
                        estimated_premium: string;
                        expected_close_date: string | null;
                        /** @description A team member's user id. */
                        assignee_id: string | null;
                        assignee_name: string | null;
                        /** @enum {string} */
                        stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        stage_changed_at: string;
                        lost_reason: string | null;
                        /** @description When it was won: its customer_id is the customer it became. */
                        converted_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                        /** @description Every stage it entered, oldest first. */
                        history: {
                            /** @description null: the stage it was created in */
                            from_stage: ("new_lead" | "contacted" | "quoted" | "won" | "lost") | null;
                            /** @enum {string} */
                            to_stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                            changed_by: string | null;
                            changed_by_name: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            changed_at: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getOpportunity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description The customer's name, or the prospect's. */
                        name: string;
                        customer_id: string | null;
                        customer_name: string | null;
                        prospect_name: string | null;
                        prospect_email: string | null;
                        prospect_phone: string | null;
                        source: string | null;
                        /** @enum {string} */
                        line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                        /** @description decimal, 2 places */
                        estimated_premium: string;
                        expected_close_date: string | null;
                        /** @description A team member's user id. */
                        assignee_id: string | null;
                        assignee_name: string | null;
                        /** @enum {string} */
                        stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        stage_changed_at: string;
                        lost_reason: string | null;
                        /** @description When it was won: its customer_id is the customer it became. */
                        converted_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                        /** @description Every stage it entered, oldest first. */
                        history: {
                            /** @description null: the stage it was created in */
                            from_stage: ("new_lead" | "contacted" | "quoted" | "won" | "lost") | null;
                            /** @enum {string} */
                            to_stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                            changed_by: string | null;
                            changed_by_name: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            changed_at: string;
                        }[];
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    updateOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer_id?: (string | null) | "";
                    prospect_name?: string | null;
                    prospect_email?: string | null;
                    prospect_phone?: string | null;
                    source?: string | null;
                    /** @enum {string} */
                    line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                    /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
                    estimated_premium?: string | number | null;
                    expected_close_date?: string | null;
                    assignee_id?: string | null;
                    /**
                     * @default new_lead
                     * @enum {string}
                     */
                    stage?: "new_lead" | "contacted" | "quoted";
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description The customer's name, or the prospect's. */
                        name: string;
                        customer_id: string | null;
                        customer_name: string | null;
                        prospect_name: string | null;
                        prospect_email: string | null;
                        prospect_phone: string | null;
                        source: string | null;
                        /** @enum {string} */
                        line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                        /** @description decimal, 2 places */
                        estimated_premium: string;
                        expected_close_date: string | null;
                        /** @description A team member's user id. */
                        assignee_id: string | null;
                        assignee_name: string | null;
                        /** @enum {string} */
                        stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        stage_changed_at: string;
                        lost_reason: string | null;
                        /** @description When it was won: its customer_id is the customer it became. */
                        converted_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                        /** @description Every stage it entered, oldest first. */
                        history: {
                            /** @description null: the stage it was created in */
                            from_stage: ("new_lead" | "contacted" | "quoted" | "won" | "lost") | null;
                            /** @enum {string} */
                            to_stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                            changed_by: string | null;
                            changed_by_name: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            changed_at: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    deleteOpportunity: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    moveOpportunityStage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                    /** @description Required when stage is lost. */
                    lost_reason?: string | null;
                };
            };
        };
        responses: {
            /** @description Moved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** @description The customer's name, or the prospect's. */
                        name: string;
                        customer_id: string | null;
                        customer_name: string | null;
                        prospect_name: string | null;
                        prospect_email: string | null;
                        prospect_phone: string | null;
                        source: string | null;
                        /** @enum {string} */
                        line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                        /** @description decimal, 2 places */
                        estimated_premium: string;
                        expected_close_date: string | null;
                        /** @description A team member's user id. */
                        assignee_id: string | null;
                        assignee_name: string | null;
                        /** @enum {string} */
                        stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        stage_changed_at: string;
                        lost_reason: string | null;
                        /** @description When it was won: its customer_id is the customer it became. */
                        converted_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                        /** @description Every stage it entered, oldest first. */
                        history: {
                            /** @description null: the stage it was created in */
                            from_stage: ("new_lead" | "contacted" | "quoted" | "won" | "lost") | null;
                            /** @enum {string} */
                            to_stage: "new_lead" | "contacted" | "quoted" | "won" | "lost";
                            changed_by: string | null;
                            changed_by_name: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            changed_at: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description WON_IS_FINAL: a won opportunity stays won; or an Idempotency-Key reused. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listRenewals: {
        parameters: {
            query?: {
                /** @description open: ending in the next 120 days or lapsed; lost: marked lost in the last year. */
                view?: "open" | "lost";
                bucket?: "all" | "lapsed" | "d0_30" | "d31_60" | "d61_90" | "d91_120";
                type?: "all" | "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                /** @description Only this insurance company. */
                carrier?: string;
                /** @description me, all, unassigned or a team member id (default all). */
                assignee?: string;
                sort?: "end_asc" | "end_desc";
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the cockpit */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date */
                        today: string;
                        time_zone: string;
                        remarket_threshold: number;
                        buckets: {
                            /** @enum {string} */
                            bucket: "lapsed" | "d0_30" | "d31_60" | "d61_90" | "d91_120";
                            count: number;
                            premium: string;
                        }[];
                        data: {
                            /**
                             * Format: uuid
                             * @description The policy (term) id: the id of the actions below and of GET /policies/{id}.
                             */
                            id: string;
                            policy_number: string;
                            customer_id: string | null;
                            customer_name: string;
                            insurance_company: string;
                            /** @enum {string} */
                            policy_type: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                            /** Format: date */
                            end_date: string;
                            /** @description Days from the agency's today to end_date (negative: lapsed). */
                            days_left: number;
                            bucket: ("lapsed" | "d0_30" | "d31_60" | "d61_90" | "d91_120") | null;
                            /** @description decimal, 2 places */
                            premium_amount: string;
                            assignee: {
                                id: string;
                                name: string;
                            } | null;
                            /** @enum {string} */
                            renewal_state: "not_started" | "contacted" | "quoted" | "renewed" | "lost";
                            remarket: boolean;
                        }[];
                        /** @description Rows of this view and filter, over every page. */
                        total: number;
                        page: number;
                        limit: number;
                        retention: {
                            renewed: number;
                            lost: number;
                            lapsed: number;
                            rate: number | null;
                        };
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    renewPolicy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An amount: a number, or a decimal string with up to 2 places ("1234.50"). */
                    premium_amount: string | number;
                    policy_number?: string | null;
                    term?: ("12_months" | "6_months" | "custom") | null;
                    end_date?: string | null;
                };
            };
        };
        responses: {
            /** @description The new term */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    markRenewalLost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    reason: "price" | "coverage" | "service" | "moved_or_sold" | "other";
                    note?: string | null;
                };
            };
        };
        responses: {
            /** @description The term as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    undoRenewalLost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The term as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    setRenewalState: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    state: "not_started" | "contacted" | "quoted";
                };
            };
        };
        responses: {
            /** @description The term as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    assignRenewal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    assignee_id: string;
                };
            };
        };
        responses: {
            /** @description The term as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PolicyDetail"];
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getCustomerTimeline: {
        parameters: {
            query?: {
                kind?: "all" | "communication" | "task" | "opportunity" | "policy" | "document";
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the timeline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description Unique within the timeline */
                            key: string;
                            /** @enum {string} */
                            kind: "communication" | "task" | "opportunity" | "policy" | "document";
                            /** @description communication, correction, task_created, task_done, opportunity_created, stage_moved, policy_created, policy_renewed, policy_cancelled, document_added */
                            event: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            at: string;
                            title: string;
                            detail: string | null;
                            /** @description The id of the communication, task, opportunity, policy or document */
                            ref_id: string;
                            corrects_id: string | null;
                            actor_name: string | null;
                            tag: string | null;
                            subject: string | null;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listPremiumPayments: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                /** @description Only this policy's payments. */
                policy_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of premium payments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            policy_id: string;
                            client_name: string;
                            policy_number: string;
                            /** @description decimal, 2 places */
                            amount: string;
                            /** Format: date */
                            payment_date: string;
                            /** @enum {string} */
                            payment_method: "credit_card" | "debit_card" | "bank_transfer" | "check" | "cash" | "other";
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            updated_at: string;
                            created_by_name: string | null;
                            /** @description The receipts */
                            files: {
                                /** Format: uuid */
                                id: string;
                                file_name: string;
                                content_type: string;
                                size: number;
                            }[];
                        }[];
                        /** @description Pass as cursor for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listPolicyPremiumPayments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy's payments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            policy_id: string;
                            client_name: string;
                            policy_number: string;
                            /** @description decimal, 2 places */
                            amount: string;
                            /** Format: date */
                            payment_date: string;
                            /** @enum {string} */
                            payment_method: "credit_card" | "debit_card" | "bank_transfer" | "check" | "cash" | "other";
                            notes: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            updated_at: string;
                            created_by_name: string | null;
                            /** @description The receipts */
                            files: {
                                /** Format: uuid */
                                id: string;
                                file_name: string;
                                content_type: string;
                                size: number;
                            }[];
                        }[];
                        next_cursor: null;
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    recordPolicyPremiumPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description Who paid, as on the receipt */
                    client_name: string;
                    /** @description decimal, more than 0, at most 2 places */
                    amount: string;
                    /** Format: date */
                    payment_date: string;
                    /** @enum {string} */
                    payment_method: "credit_card" | "debit_card" | "bank_transfer" | "check" | "cash" | "other";
                    notes?: string;
                    /** @description 1 to 5 receipts (PDF, JPEG, PNG or GIF, decided from the bytes), each at most 10 MB */
                    files: string[];
                };
            };
        };
        responses: {
            /** @description Recorded */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        policy_id: string;
                        client_name: string;
                        policy_number: string;
                        /** @description decimal, 2 places */
                        amount: string;
                        /** Format: date */
                        payment_date: string;
                        /** @enum {string} */
                        payment_method: "credit_card" | "debit_card" | "bank_transfer" | "check" | "cash" | "other";
                        notes: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                        created_by_name: string | null;
                        /** @description The receipts */
                        files: {
                            /** Format: uuid */
                            id: string;
                            file_name: string;
                            content_type: string;
                            size: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    deletePremiumPayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                /** @description Only this customer's documents. */
                customer_id?: string;
                /** @description Only this policy's documents. */
                policy_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of documents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description Decided from the bytes when it was uploaded */
                            content_type: string;
                            /** @description Bytes */
                            size: number;
                            customer_id: string | null;
                            customer_name: string | null;
                            policy_id: string | null;
                            policy_number: string | null;
                            uploaded_by: string | null;
                            /** @description Shown to the customer in the client portal */
                            shared_with_client: boolean;
                            /** @description Uploaded by the customer in the client portal */
                            from_client: boolean;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    uploadDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description One file, at most 25 MB: PDF, JPEG, PNG, GIF, HEIC, .docx or .xlsx, decided from its bytes (7 types; the name and declared type are not trusted).
                     */
                    file: string;
                    /**
                     * Format: uuid
                     * @description The customer's id (this agency's).
                     */
                    customer_id?: string;
                    /**
                     * Format: uuid
                     * @description The policy's id (this agency's); its customer comes along. One of customer_id and policy_id is required.
                     */
                    policy_id?: string;
                };
            };
        };
        responses: {
            /** @description Stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description Decided from the bytes when it was uploaded */
                        content_type: string;
                        /** @description Bytes */
                        size: number;
                        customer_id: string | null;
                        customer_name: string | null;
                        policy_id: string | null;
                        policy_number: string | null;
                        uploaded_by: string | null;
                        /** @description Shown to the customer in the client portal */
                        shared_with_client: boolean;
                        /** @description Uploaded by the customer in the client portal */
                        from_client: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @description Decided from the bytes when it was uploaded */
                        content_type: string;
                        /** @description Bytes */
                        size: number;
                        customer_id: string | null;
                        customer_name: string | null;
                        policy_id: string | null;
                        policy_number: string | null;
                        uploaded_by: string | null;
                        /** @description Shown to the customer in the client portal */
                        shared_with_client: boolean;
                        /** @description Uploaded by the customer in the client portal */
                        from_client: boolean;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    downloadDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description A signed storage URL (Location) to fetch the file from */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listPortalRequests: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                /** @description Only the requests in this state. */
                state?: "all" | "received" | "in_progress" | "done";
                /** @description Only the requests of this kind. */
                kind?: "all" | "add_driver" | "add_vehicle" | "change_address" | "cancel" | "certificate" | "other";
                /** @description Only this customer's requests. */
                customer_id?: string;
                /** @description Only this policy's requests. */
                policy_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of portal requests */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: uuid
                             * @description The client who asked (GET /customers/{id})
                             */
                            customer_id: string;
                            /** @description The policy the change is about (GET /policies/{id}); null once that policy is deleted */
                            policy_id: string | null;
                            /** @enum {string} */
                            kind: "add_driver" | "add_vehicle" | "change_address" | "cancel" | "certificate" | "other";
                            /** @description The client's own words */
                            details: string;
                            /** @enum {string} */
                            state: "received" | "in_progress" | "done";
                            /** @description The agency's reply, which the client reads in the portal */
                            reply: string | null;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getPortalRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The client who asked (GET /customers/{id})
                         */
                        customer_id: string;
                        /** @description The policy the change is about (GET /policies/{id}); null once that policy is deleted */
                        policy_id: string | null;
                        /** @enum {string} */
                        kind: "add_driver" | "add_vehicle" | "change_address" | "cancel" | "certificate" | "other";
                        /** @description The client's own words */
                        details: string;
                        /** @enum {string} */
                        state: "received" | "in_progress" | "done";
                        /** @description The agency's reply, which the client reads in the portal */
                        reply: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    updatePortalRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    state: "received" | "in_progress" | "done";
                    reply?: string | null;
                };
            };
        };
        responses: {
            /** @description Answered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: uuid
                         * @description The client who asked (GET /customers/{id})
                         */
                        customer_id: string;
                        /** @description The policy the change is about (GET /policies/{id}); null once that policy is deleted */
                        policy_id: string | null;
                        /** @enum {string} */
                        kind: "add_driver" | "add_vehicle" | "change_address" | "cancel" | "certificate" | "other";
                        /** @description The client's own words */
                        details: string;
                        /** @enum {string} */
                        state: "received" | "in_progress" | "done";
                        /** @description The agency's reply, which the client reads in the portal */
                        reply: string | null;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listCommissionRates: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                /** @description Only this carrier (case and spaces ignored). */
                carrier?: string | null;
                /** @description Only this line of business. */
                line?: "all" | "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                /** @description Only new business or renewal rates. */
                business?: "all" | "new" | "renewal";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            carrier: string;
                            /** @enum {string} */
                            line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                            /**
                             * @description new: a term that renews no other; renewal: a renewal term
                             * @enum {string}
                             */
                            business: "new" | "renewal";
                            /** @description A percentage with 4 decimals, as text: "12.5000" */
                            rate: string;
                            /**
                             * Format: date
                             * @description Terms starting on or after this day take the rate (until a later one of the same carrier, line and business)
                             */
                            effective_from: string;
                            /**
                             * Format: date-time
                             * @description A rate never changes (a new one is created instead): this is also its last change
                             */
                            created_at: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    createCommissionRate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    carrier: string;
                    /** @enum {string} */
                    line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                    /** @enum {string} */
                    business: "new" | "renewal";
                    rate: unknown;
                    /** Format: date */
                    effective_from: string;
                };
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        carrier: string;
                        /** @enum {string} */
                        line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                        /**
                         * @description new: a term that renews no other; renewal: a renewal term
                         * @enum {string}
                         */
                        business: "new" | "renewal";
                        /** @description A percentage with 4 decimals, as text: "12.5000" */
                        rate: string;
                        /**
                         * Format: date
                         * @description Terms starting on or after this day take the rate (until a later one of the same carrier, line and business)
                         */
                        effective_from: string;
                        /**
                         * Format: date-time
                         * @description A rate never changes (a new one is created instead): this is also its last change
                         */
                        created_at: string;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getCommissionRate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        carrier: string;
                        /** @enum {string} */
                        line: "car" | "fire" | "home" | "renters" | "umbrella" | "cgl" | "life";
                        /**
                         * @description new: a term that renews no other; renewal: a renewal term
                         * @enum {string}
                         */
                        business: "new" | "renewal";
                        /** @description A percentage with 4 decimals, as text: "12.5000" */
                        rate: string;
                        /**
                         * Format: date
                         * @description Terms starting on or after this day take the rate (until a later one of the same carrier, line and business)
                         */
                        effective_from: string;
                        /**
                         * Format: date-time
                         * @description A rate never changes (a new one is created instead): this is also its last change
                         */
                        created_at: string;
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    deleteCommissionRate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listCommissionOverrides: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only rows created or changed at or after this time (ISO 8601). */
                updated_since?: string;
                /** @description Only this policy's own rate. */
                policy_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of own rates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /**
                             * Format: uuid
                             * @description The policy's id: a policy has at most one own rate
                             */
                            id: string;
                            /** Format: uuid */
                            policy_id: string;
                            /** @description A percentage with 4 decimals, as text: "12.5000" */
                            rate: string;
                            /**
                             * Format: date-time
                             * @description ISO 8601 date and time
                             */
                            updated_at: string;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    getCommissionOverride: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The policy's id: a policy has at most one own rate
                         */
                        id: string;
                        /** Format: uuid */
                        policy_id: string;
                        /** @description A percentage with 4 decimals, as text: "12.5000" */
                        rate: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    setCommissionOverride: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A percentage, 0–100 with up to 4 decimals ("12.5" or 12.5) */
                    rate: string | number;
                };
            };
        };
        responses: {
            /** @description Set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: uuid
                         * @description The policy's id: a policy has at most one own rate
                         */
                        id: string;
                        /** Format: uuid */
                        policy_id: string;
                        /** @description A percentage with 4 decimals, as text: "12.5000" */
                        rate: string;
                        /**
                         * Format: date-time
                         * @description ISO 8601 date and time
                         */
                        updated_at: string;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The request body is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    deleteCommissionOverride: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string: a retry with the same key and the same JSON (in any key order) gets the first answer (kept 24 hours). */
                "Idempotency-Key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description A conflict with the current state, or an Idempotency-Key reused with another request. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    listStatementLines: {
        parameters: {
            query?: {
                /** @description Rows per page, at most 100. */
                limit?: number;
                /** @description The next_cursor of the previous page. */
                cursor?: string;
                /** @description Only the lines in this state (matched: every matched line, whatever its term's state). */
                state?: "all" | "matched" | "paid" | "short_paid" | "unpaid" | "overpaid" | "no_rate" | "not_in_book" | "ignored";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the statement's lines */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            statement_id: string;
                            /** @description The line's row in the file */
                            line: number | null;
                            /** @description As the carrier wrote it */
                            policy_number: string | null;
                            insured_name: string | null;
                            premium: string | null;
                            /** @description The commission the carrier paid on this line (negative: a chargeback) */
                            amount: string;
                            /** Format: date */
                            received_on: string;
                            transaction_type: string | null;
                            matched: boolean;
                            /** @description The term it paid (GET /commissions/{id}); null when not in the book or ignored */
                            policy_id: string | null;
                            /** @description Why it matched (or did not): "Matched on the policy number", "Matched by hand to policy …", the reason it was ignored … */
                            reason: string | null;
                            /**
                             * @description Matched: its term's state in the reconciliation (paid = paid in full within the tolerance, short_paid, overpaid, unpaid, no_rate); otherwise not_in_book or ignored
                             * @enum {string}
                             */
                            state: "paid" | "short_paid" | "unpaid" | "overpaid" | "no_rate" | "not_in_book" | "ignored";
                            /** @description The term's expected commission (null when not matched) */
                            expected: string | null;
                            /** @description Everything the term received, this line included (null when not matched) */
                            received: string | null;
                            /** @description The term's expected − received (null when not matched) */
                            difference: string | null;
                        }[];
                        /** @description Pass as cursor for the next page; null on the last. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Invalid input: `fields` names each field and its message. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Missing, malformed or revoked API key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description The key's scopes or the agency's plan do not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Not found in this agency. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
            /** @description Rate limit exceeded; see the RateLimit-* headers and Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            /** @description per field: the message to show next to it */
                            fields?: {
                                [key: string]: string;
                            };
                        };
                    };
                };
            };
        };
    };
    webhook_customer_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_customer_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_policy_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_policy_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_policy_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_policy_renewed: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PolicyEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_communication_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommunicationEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_communication_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommunicationEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_communication_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommunicationEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_task_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TaskEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_opportunity_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpportunityEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_opportunity_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpportunityEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_opportunity_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OpportunityEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_statement_imported: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatementEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_commission_reconciled: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommissionEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_document_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DocumentEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_premium_payment_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PremiumPaymentEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_premium_payment_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PremiumPaymentEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_premium_payment_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PremiumPaymentEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_portal_request_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PortalRequestEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_portal_request_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PortalRequestEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_portal_request_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PortalRequestEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_commission_rate_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommissionRateEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_commission_rate_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommissionRateEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_commission_override_created: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommissionOverrideEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_commission_override_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommissionOverrideEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_commission_override_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommissionOverrideEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_webhook_test: {
        parameters: {
            query?: never;
            header: {
                /** @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`: check it with the endpoint's secret. */
                "PolicyDesk-Signature": string;
                /** @description The event id (also `id` in the body): the same on every retry. */
                "PolicyDesk-Event-Id": string;
                /** @description The event type (also `type` in the body). */
                "PolicyDesk-Event-Type": string;
                /** @description The delivery: one per endpoint and event, the same on every retry. */
                "PolicyDesk-Delivery-Id": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestEvent"];
            };
        };
        responses: {
            /** @description Received. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
