//===- Stack.cpp - running the front end on a stack of known size ---------===//

#include "tilec/Support/Stack.h"

#include <pthread.h>

namespace {
struct Call {
  llvm::function_ref<void()> fn;
};
} // namespace

static void *runCall(void *arg) {
  static_cast<Call *>(arg)->fn();
  return nullptr;
}

void tilec::runOnStack(size_t bytes, llvm::function_ref<void()> fn) {
  Call call{fn};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0;
  if (started) {
    started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
              pthread_create(&thread, &attr, runCall, &call) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!started) {
    // No thread (resources, a sandbox): the caller's stack must do.
    fn();
    return;
  }
  pthread_join(thread, nullptr);
}
