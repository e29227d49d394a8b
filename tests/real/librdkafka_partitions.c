/*
 * Where the real librdkafka delivers keyed records: the partner of tests/real_librdkafka.rs.
 *
 *   librdkafka_partitions [default] [murmur2_random] < keys
 *
 * Reads keys from standard input, one a line: every byte before the newline is the key, so a
 * key may hold any byte but a newline, and an empty line is a key of zero bytes. Starts
 * librdkafka's own mock cluster of three brokers inside this process (its brokers listen on
 * 127.0.0.1 only), creates topics of 3, 12 and 50 partitions in it, and then, for each
 * partitioner named (both when none is), makes a producer that sends every key once to every
 * topic: `default` leaves `partitioner` unset (librdkafka's consistent_random),
 * `murmur2_random` sets it. It prints, one a line, separated by single spaces:
 *
 *   version <rd_kafka_version_str()>
 *   topic <partitioner> <topic> <partitions the producer's metadata reports>
 *   delivered <partitioner> <partitions of the topic> <partition> <key in hex>
 *   done <partitioner> <records delivered>
 *
 * A `delivered` line is printed from the delivery report, so the partition is the one the
 * broker acknowledged. The key is written in hex (nothing after the last space for an empty
 * key) so that every byte survives. Exits with 0 only when every record was delivered.
 *
 * Build: cc -o librdkafka_partitions librdkafka_partitions.c -lrdkafka
 */

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#define BROKERS 3
#define TOPICS 3
/* How long a record may wait for its delivery, and how long all of them may take. */
#define RECORD_TIMEOUT_MS "20000"
#define FLUSH_TIMEOUT_MS 30000
#define METADATA_TIMEOUT_MS 10000

static const int partition_counts[TOPICS] = {3, 12, 50};

struct key {
        char *bytes;
        size_t len;
};

struct keys {
        struct key *at;
        size_t count;
};

/* What one producer's delivery reports counted. */
struct tally {
        const char *partitioner;
        long delivered;
        long failed;
};

static void stop(const char *what, const char *why) {
        fprintf(stderr, "librdkafka_partitions: %s: %s\n", what, why);
        exit(1);
}

static void set(rd_kafka_conf_t *conf, const char *name, const char *value) {
        char why[512];
        if (rd_kafka_conf_set(conf, name, value, why, sizeof(why)) !=
            RD_KAFKA_CONF_OK)
                stop(name, why);
}

static struct keys read_keys(FILE *in) {
        struct keys keys = {NULL, 0};
        size_t room      = 0;
        char *line       = NULL;
        size_t line_room = 0;
        ssize_t got;

        while ((got = getline(&line, &line_room, in)) >= 0) {
                size_t len = (size_t)got;
                if (len > 0 && line[len - 1] == '\n')
                        len--;
                if (keys.count == room) {
                        room    = room ? room * 2 : 1024;
                        keys.at = realloc(keys.at, room * sizeof(*keys.at));
                        if (!keys.at)
                                stop("reading the keys", "out of memory");
                }
                /* Never a null pointer, even for an empty key: librdkafka treats a null key
                 * as no key at all. */
                keys.at[keys.count].bytes = malloc(len + 1);
                if (!keys.at[keys.count].bytes)
                        stop("reading the keys", "out of memory");
                memcpy(keys.at[keys.count].bytes, line, len);
                keys.at[keys.count].len = len;
                keys.count++;
        }
        free(line);
        return keys;
}

static void on_delivery(rd_kafka_t *rk,
                        const rd_kafka_message_t *record,
                        void *opaque) {
        struct tally *tally = opaque;
        const unsigned char *key = record->key;
        size_t i;
        (void)rk;

        if (record->err) {
                fprintf(stderr, "librdkafka_partitions: a record to %s failed: %s\n",
                        rd_kafka_topic_name(record->rkt),
                        rd_kafka_err2str(record->err));
                tally->failed++;
                return;
        }
        printf("delivered %s %d %d ", tally->partitioner,
               (int)(intptr_t)record->_private, (int)record->partition);
        for (i = 0; i < record->key_len; i++)
                printf("%02x", key[i]);
        putchar('\n');
        tally->delivered++;
}

static void topic_name(char *out, size_t room, int partitions) {
        snprintf(out, room, "ringlab-%d", partitions);
}

/* Sends every key to every topic through a producer using `partitioner`, connected to the mock
 * cluster at `bootstraps`. */
static void produce_all(const char *partitioner,
                        const char *bootstraps,
                        const struct keys *keys) {
        char why[512];
        char name[64];
        struct tally tally = {partitioner, 0, 0};
        rd_kafka_topic_t *topics[TOPICS];
        rd_kafka_conf_t *conf = rd_kafka_conf_new();
        rd_kafka_t *producer;
        size_t t, k;

        set(conf, "bootstrap.servers", bootstraps);
        set(conf, "message.timeout.ms", RECORD_TIMEOUT_MS);
        if (strcmp(partitioner, "default") != 0)
                set(conf, "partitioner", partitioner);
        rd_kafka_conf_set_dr_msg_cb(conf, on_delivery);
        rd_kafka_conf_set_opaque(conf, &tally);
        producer = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof(why));
        if (!producer)
                stop("the producer", why);

        for (t = 0; t < TOPICS; t++) {
                const struct rd_kafka_metadata *metadata;
                rd_kafka_resp_err_t err;

                topic_name(name, sizeof(name), partition_counts[t]);
                topics[t] = rd_kafka_topic_new(producer, name, NULL);
                if (!topics[t])
                        stop(name, rd_kafka_err2str(rd_kafka_last_error()));
                err = rd_kafka_metadata(producer, 0, topics[t], &metadata,
                                        METADATA_TIMEOUT_MS);
                if (err)
                        stop(name, rd_kafka_err2str(err));
                if (metadata->topic_cnt != 1 || metadata->topics[0].err)
                        stop(name, "the metadata has no such topic");
                printf("topic %s %s %d\n", partitioner, name,
                       metadata->topics[0].partition_cnt);
                rd_kafka_metadata_destroy(metadata);
        }

        for (t = 0; t < TOPICS; t++) {
                for (k = 0; k < keys->count; k++) {
                        rd_kafka_resp_err_t err;
                        for (;;) {
                                err = rd_kafka_producev(
                                    producer, RD_KAFKA_V_RKT(topics[t]),
                                    RD_KAFKA_V_KEY(keys->at[k].bytes,
                                                   keys->at[k].len),
                                    RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY),
                                    RD_KAFKA_V_OPAQUE(
                                        (void *)(intptr_t)partition_counts[t]),
                                    RD_KAFKA_V_END);
                                if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL)
                                        break;
                                rd_kafka_poll(producer, 100);
                        }
                        if (err)
                                stop("producing", rd_kafka_err2str(err));
                        rd_kafka_poll(producer, 0);
                }
        }

        if (rd_kafka_flush(producer, FLUSH_TIMEOUT_MS) != RD_KAFKA_RESP_ERR_NO_ERROR ||
            rd_kafka_outq_len(producer) > 0)
                stop(partitioner, "not every record was delivered in time");
        if (tally.failed > 0)
                stop(partitioner, "some records were not delivered");
        printf("done %s %ld\n", partitioner, tally.delivered);

        for (t = 0; t < TOPICS; t++)
                rd_kafka_topic_destroy(topics[t]);
        rd_kafka_destroy(producer);
}

int main(int argc, char **argv) {
        static const char *both[] = {"default", "murmur2_random"};
        const char **partitioners = both;
        int partitioner_count     = 2;
        char why[512];
        char name[64];
        struct keys keys;
        rd_kafka_conf_t *conf;
        rd_kafka_t *host;
        rd_kafka_mock_cluster_t *cluster;
        int i;

        if (argc > 1) {
                partitioners      = (const char **)(argv + 1);
                partitioner_count = argc - 1;
        }
        for (i = 0; i < partitioner_count; i++)
                if (strcmp(partitioners[i], "default") != 0 &&
                    strcmp(partitioners[i], "murmur2_random") != 0)
                        stop(partitioners[i],
                             "not a partitioner here (default, murmur2_random)");

        keys = read_keys(stdin);
        printf("version %s\n", rd_kafka_version_str());

        /* The mock cluster lives on a handle of its own, so its topics exist, with the
         * partitions asked for, before any producer asks for them (the mock cluster would
         * otherwise create a topic it is asked about with 4 partitions). */
        conf = rd_kafka_conf_new();
        set(conf, "log_level", "3");
        host = rd_kafka_new(RD_KAFKA_PRODUCER, conf, why, sizeof(why));
        if (!host)
                stop("the mock cluster's handle", why);
        cluster = rd_kafka_mock_cluster_new(host, BROKERS);
        if (!cluster)
                stop("the mock cluster", "not created");
        for (i = 0; i < TOPICS; i++) {
                rd_kafka_resp_err_t err;
                topic_name(name, sizeof(name), partition_counts[i]);
                err = rd_kafka_mock_topic_create(cluster, name,
                                                 partition_counts[i], 1);
                if (err)
                        stop(name, rd_kafka_err2str(err));
        }

        for (i = 0; i < partitioner_count; i++)
                produce_all(partitioners[i],
                            rd_kafka_mock_cluster_bootstraps(cluster), &keys);

        rd_kafka_mock_cluster_destroy(cluster);
        rd_kafka_destroy(host);
        for (size_t k = 0; k < keys.count; k++)
                free(keys.at[k].bytes);
        free(keys.at);
        return fflush(stdout) == 0 ? 0 : 1;
}
